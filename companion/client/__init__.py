"""The web client as Companion gives it to a browser, on either host: the lines both add to Flet's
page, the fonts for names in any script, the icon font cut to Companion's icons, the font manifest.
The laptop serves them (`companion.laptop.web_files`); the phone build writes them into its folder
(`companion.site.build`). Nothing here runs in the phone's browser."""
