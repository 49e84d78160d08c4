// Companion's python.js for the phone build, in place of Flet's (flet_web/web/python.js): the same three
// functions Flet's client calls (jsConnect, jsSend, jsDisconnect), but Python starts with the page.
// Flet's own starts its worker only once Flutter has loaded and connects (about 2 s on a phone), and
// Pyodide then takes seconds more to start; here the worker (Flet's python-worker.js, unchanged) starts
// as this script runs, loads Pyodide and Companion while Flutter loads, and the client's first connection
// takes it over. A later connection (after a disconnect) starts a worker of its own, as Flet's does.
// The page's words while Companion starts (#companion-starting) go once Python says its first screen is
// sent ("companion:started"; drawn two frames later), or when it could not start (Flet then says why);
// the service worker is then asked to keep Companion's own fonts.
"use strict";
(function () {
  const apps = {};
  let early = null;  // the worker started with the page, until the client connects

  function started() {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const words = document.getElementById("companion-starting");
      if (words) words.remove();
    }));
    // Companion's own fonts (emoji, Chinese, Arabic, and their slices: 11 MB) kept now that the first
    // visit's downloads are done, so a name in them drawn later, offline, draws (see service_worker.js)
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.ready.then((found) => found.active && found.active.postMessage("keep fonts"));
    }
  }

  function start() {
    if (globalThis.companionNoStorage) {  // site data blocked: the page says so (site/build.py), Python waits
      return {worker: null, dart: null, held: [], error: null, ready: new Promise(() => {})};
    }
    const worker = new Worker(new URL("python-worker.js", document.baseURI), {type: "module"});
    const app = {worker: worker, dart: null, held: [], error: null};
    app.ready = new Promise((resolve) => {
      worker.onmessage = (event) => {
        if (event.data === "companion:started") {
          started();
        } else if (typeof event.data === "string") {  // "initialized", or why it could not start
          if (event.data !== "initialized") {
            app.error = event.data;
            started();
          }
          resolve();
        } else if (app.dart) {
          app.dart(event.data);
        } else {
          app.held.push(event.data);  // Python's output before the client connected: given to it then
        }
      };
    });
    worker.postMessage({
      pyodideUrl: flet.pyodideUrl, args: {}, documentUrl: document.URL, appPackageUrl: flet.appPackageUrl,
      micropipIncludePre: false, pythonModuleName: flet.pythonModuleName,
    });
    return app;
  }

  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    const app = early || start();
    early = null;
    apps[appId] = app;
    await app.ready;
    if (app.error) {
      console.error("Python worker init error:", app.error);
      await globalThis.jsDisconnect(appId);
      throw app.error;
    }
    app.dart = dartOnMessage;
    app.held.splice(0).forEach((data) => dartOnMessage(data));
  };

  globalThis.jsSend = async function (appId, data) {
    const app = apps[appId];
    if (app) app.worker.postMessage(data, [data.buffer]);
  };

  globalThis.jsDisconnect = async function (appId) {
    const app = apps[appId];
    if (app) {
      delete apps[appId];
      app.worker.terminate();
      app.worker.onmessage = null;
    }
  };

  early = start();
})();
