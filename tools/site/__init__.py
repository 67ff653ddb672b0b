"""build.py's steps, one module each: the project wheel (wheel), the translations
(translations), the modules the memory snapshot holds (snapshot_modules), the
service worker's manifest (service_worker) and the local server (serve); common
holds what they share."""
