// How a downloaded memory snapshot is unpacked and checked, in one place. It is
// the page's unpacking worker itself (python_runtime.js's SnapshotUnpacker starts
// this file as a module worker named "jaipur-snapshot-unpacker"), and it is
// imported by python_runtime.js where the snapshot is unpacked in place: on the
// page's thread in a browser without workers, and in the search worker
// (ai_worker.js), already off it. One file: a worker script that imported this
// one made two requests in a row, and the second waited behind the runtime's
// downloads (issue 30).
//
// checkedSnapshot(body, entry) reads the body as it came (a ReadableStream of
// Uint8Array chunks), gunzips it if it came gzipped (a host may also have
// unpacked it on the way, with Content-Encoding: gzip), and checks it against
// build.json's entry for it ({bytes, sha256, gzip_sha256}): exactly `bytes`
// long once unpacked (memory stays bounded: one buffer of that size), then the
// sha256 of the gzip file as it arrived (a quarter of the bytes to hash), or of
// the unpacked envelope when the host unpacked it. Every error it throws is a
// refusal and says why (the caller then boots the full way).

// build.py's envelope (tools/site/snapshot.py): this magic, a JSON header padded to
// 4096 bytes, then Pyodide's snapshot without its long runs of zero pages (its
// stack's and heap's unused parts, 14 of its 31 MB: header.pyodide_runs lists the
// [first page, page count] of the 4096-byte pages kept, header.pyodide_bytes is its
// whole size), then the installed files: a JSON index (header.file_index_bytes) of
// [path under header.site_packages, size] and their bytes in that order.
// unpackedEnvelope(bytes) reads it back: {header, memory (Pyodide's snapshot, its
// zero pages put back), files: [{path, data}]}. The zero pages are left out of the
// file because gunzipping them took a third of the unpacking (issue 30).
const SNAPSHOT_MAGIC = "JAIPUR-SNAPSHOT\n";
const SNAPSHOT_HEADER_BYTES = 4096;
const PAGE_BYTES = 4096;

function envelopeHeader(bytes) {
  const text = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_HEADER_BYTES));
  if (!text.startsWith(SNAPSHOT_MAGIC)) {
    throw new Error("not a Jaipur snapshot");
  }
  try {
    return JSON.parse(text.slice(SNAPSHOT_MAGIC.length));
  } catch {
    throw new Error("unreadable header");
  }
}

// Pyodide's snapshot with its zero pages put back; `end`: where its stored pages end.
function withZeroPages(bytes, header) {
  const size = header.pyodide_bytes;
  if (!Number.isSafeInteger(size) || size <= 0 || !Array.isArray(header.pyodide_runs)) {
    throw new Error("its header does not say where its memory is");
  }
  const memory = new Uint8Array(size);
  let at = SNAPSHOT_HEADER_BYTES;
  let filled = 0; // the end of the previous run, in the memory
  for (const [first, count] of header.pyodide_runs) {
    const start = first * PAGE_BYTES;
    const stop = Math.min((first + count) * PAGE_BYTES, size);
    if (!Number.isSafeInteger(start) || start < filled || !(stop > start) || at + stop - start > bytes.length) {
      throw new Error("its memory's pages do not fit it");
    }
    memory.set(bytes.subarray(at, at + stop - start), start);
    at += stop - start;
    filled = stop;
  }
  return { memory, end: at };
}

export function unpackedEnvelope(bytes) {
  const header = envelopeHeader(bytes);
  const { memory, end } = withZeroPages(bytes, header);
  const indexEnd = end + header.file_index_bytes;
  let index;
  try {
    index = JSON.parse(new TextDecoder().decode(bytes.subarray(end, indexEnd)));
  } catch {
    throw new Error("unreadable file index");
  }
  const files = [];
  let at = indexEnd;
  for (const [path, size] of index) {
    files.push({ path, data: bytes.subarray(at, at + size) });
    at += size;
  }
  if (at !== bytes.length) {
    throw new Error("its files do not fill it");
  }
  return { header, memory, files };
}

export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function joined(chunks) {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

// The whole stream in one buffer of the size build.json promises; a byte more
// is a wrong file (the read stops there), a byte less too.
export async function readExactly(stream, size) {
  const bytes = new Uint8Array(size);
  let filled = 0;
  const reader = stream.getReader();
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new Error(`unreadable: ${error.message}`);
    }
    if (chunk.done) {
      break;
    }
    if (filled + chunk.value.length > size) {
      await reader.cancel().catch(() => {});
      throw new Error(`longer than the ${size} bytes build.json names`);
    }
    bytes.set(chunk.value, filled);
    filled += chunk.value.length;
  }
  if (filled !== size) {
    throw new Error(`${filled} bytes, build.json names ${size}`);
  }
  return bytes;
}

// The body as it came, as a stream again after its first chunk was read (which
// says whether it is gzipped); `packed` keeps the chunks of a gzipped body, to be
// hashed once it has ended.
async function peeked(body) {
  const reader = body.getReader();
  let first;
  try {
    first = await reader.read();
  } catch (error) {
    throw new Error(`unreadable: ${error.message}`);
  }
  const gzipped = !first.done && first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const packed = gzipped ? [first.value] : null;
  const stream = new ReadableStream({
    start(controller) {
      if (!first.done) {
        controller.enqueue(first.value);
      }
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
      } else {
        packed?.push(value);
        controller.enqueue(value);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream, packed };
}

export async function checkedSnapshot(body, entry) {
  const { stream, packed } = await peeked(body);
  const unpacked = packed ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
  const bytes = await readExactly(unpacked, entry.bytes);
  const [hashed, sha256] = packed ? [joined(packed), entry.gzip_sha256] : [bytes, entry.sha256];
  if ((await sha256Hex(hashed)) !== sha256) {
    throw new Error("its sha256 is not the one build.json names");
  }
  return bytes;
}

// The snapshot downloaded from url, checked and unpacked (unpackedEnvelope): onChunk()
// is called as each part of the body arrives (the page's boot watchdog), onEnd() once
// it has all arrived.
export async function downloadedSnapshot(url, entry, { onChunk = () => {}, onEnd = () => {} } = {}) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`download failed: ${error.message}`);
  }
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}`);
  }
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      onChunk();
      controller.enqueue(chunk);
    },
    flush: onEnd,
  }));
  return unpackedEnvelope(await checkedSnapshot(counted, entry));
}

// As the unpacking worker, it downloads the snapshot itself: the page's thread,
// busy with the runtime's script, wasm and start, no longer relays the body (it
// held it back by up to 400 ms). python_runtime.js sends
//
//   {start: {url, bytes, sha256, gzip_sha256}}   build.json's entry for the snapshot
//
// and gets back {progress: true} now and then while it downloads (for the boot's
// watchdog), {downloaded: true} once it has, then {snapshot: {header, memory, files}}
// (unpackedEnvelope's, its buffers transferred) or {refused: why}. Only in the worker
// of that name: the search worker imports this file too.
const PROGRESS_EVERY_MS = 250;

function serveAsUnpacker() {
  self.onmessage = async ({ data }) => {
    if (!data?.start) {
      return;
    }
    let lastProgress = 0;
    const onChunk = () => {
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        self.postMessage({ progress: true });
      }
    };
    try {
      const snapshot = await downloadedSnapshot(data.start.url, data.start, {
        onChunk,
        onEnd: () => self.postMessage({ downloaded: true }),
      });
      const buffers = new Set([snapshot.memory.buffer, ...snapshot.files.map((file) => file.data.buffer)]);
      self.postMessage({ snapshot }, [...buffers]);
    } catch (error) {
      self.postMessage({ refused: error.message });
    } finally {
      self.close();
    }
  };
}

if (typeof WorkerGlobalScope === "function" && self.name === "jaipur-snapshot-unpacker") {
  serveAsUnpacker();
}
