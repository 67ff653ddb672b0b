// How a downloaded memory snapshot is unpacked and checked, in one place:
// imported by snapshot_worker.js (a module worker) and by python_runtime.js
// where the snapshot is unpacked in place: on the page's thread in a browser
// without workers, and in the search worker (ai_worker.js), already off it.
//
// checkedSnapshot(body, entry) reads the body as it came (a ReadableStream of
// Uint8Array chunks), gunzips it if it came gzipped (a host may also have
// unpacked it on the way, with Content-Encoding: gzip), and checks it against
// build.json's entry for it ({bytes, sha256, gzip_sha256}): exactly `bytes`
// long once unpacked (memory stays bounded: one buffer of that size), then the
// sha256 of the gzip file as it arrived (a quarter of the bytes to hash), or of
// the unpacked envelope when the host unpacked it. Every error it throws is a
// refusal and says why (the caller then boots the full way).

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
