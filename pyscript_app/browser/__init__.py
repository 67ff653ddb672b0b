"""The host in the browser: the only package that imports `js` and `pyodide` (tests/test_layers.py
holds every other module to that).

`page.BrowserHost` is the runner's host (app/host.Host), a thin composition of the parts below,
each given what it needs rather than reaching for it. CPython cannot import these modules; the
memory snapshot imports them after every other module, by this folder
(tools/site/snapshot_modules.py): while imported they keep no JavaScript object.

Modules (layer, what it holds):
  page       browser  BrowserHost and start(): the catalogs, the host, the runner, the Booted event
  draw       browser  Drawing: builds the skeleton once, draws each Screen where it changed
  animation  browser  the motion's browser side: measures the table, plays the plan (Web Animations)
  focus      browser  keyboard focus: roving tab stops, Tab kept in a dialog, focus put back
  input      browser  the delegated click, keydown and file listeners -> the runner's events
  services   browser  timers, localStorage, the clipboard, downloads, the file chooser, the console
  worker     browser  the search worker's page side: starts web/ai_worker.js, hands over its backend
  jsvalues   browser  small helpers for JS values (JS null -> None, text, objects, page direction)
"""
