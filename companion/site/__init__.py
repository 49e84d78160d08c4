"""The phone host: Companion on one phone with no computer (`make site`).

`build.py` (run by CPython on the machine that builds) writes a static folder any static file host
serves: Flet's web client, Pyodide (both shipped in `flet-web`), Companion and every pure-Python
package it needs in one archive, its assets, fonts, and a service worker that keeps every file after
the first visit. `phone.py` is what runs in the phone's browser (Pyodide, in the page's worker): the
store on the browser's persistent storage (`disk.py`), nothing shown before it is kept there
(`durable.py`), and the same `app.make_main` as the laptop's pages. The laptop's serving layer
(`companion.laptop`, `companion.client`) is never part of the phone's archive.
"""
