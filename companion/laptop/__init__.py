"""The laptop host: CPython serving Flet's web client to every phone at the table (`make run`,
`--lan`). The door (`gate`), the client's files compressed and kept by the phones (`web_files`),
the page's own scripts (`page_scripts`), the server that stops cleanly (`serving`), the first
screens drawn ahead (`unseen_page`) and the serving itself (`serve`) are this host's alone: none of
it is imported by the screens, the rules or the store, nor by the phone build (`companion.site`)."""
