"""What the phone build says when it cannot keep data: the same words from the page's own script (site data
blocked: found before Python starts, `build.STORAGE_CHECK`) and from Python (`phone.start`: the browser's
storage refused once Python ran)."""

NO_STORAGE_TITLE = "This browser keeps nothing for Companion"
NO_STORAGE = ("Companion keeps your players, games and history in this browser's storage, and the browser refuses "
              "it to this page, so nothing could be kept. If the browser blocks site data here (a private window, "
              "or a setting that blocks cookies and site data), allow it for this site, then reload the page.")
