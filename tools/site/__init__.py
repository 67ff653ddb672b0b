"""build.py's steps, one module each: what is pinned (pins), the third-party files
(vendor), the project wheel (wheel), the translations (translations), the memory
snapshot (snapshot, snapshot_modules), the service worker's manifest
(service_worker) and the local server (serve); common holds what they share."""
