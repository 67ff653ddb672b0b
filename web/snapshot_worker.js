// Unpacks and checks the memory snapshot off the page's main thread, which is
// meanwhile busy with the runtime's script and wasm. boot.js reads the download
// and hands over each chunk as it arrives:
//
//   {start: {bytes, sha256, gzip_sha256}}   build.json's entry for the snapshot
//   {chunk: Uint8Array} ...                 the body as it came (transferred)
//   {end: true}
//
// and gets back {bytes: Uint8Array} (the envelope, transferred) or {refused: why}.
// The checks are boot.js's own (it did them itself before): exactly the size
// build.json names, then the sha256 of the gzip file as it arrived, or of the
// envelope from a host that unpacked it on the way (Content-Encoding: gzip).

let entry = null;
let writer = null;
let packed = null; // the gzipped chunks, hashed at the end

const refuse = (why) => {
  self.postMessage({ refused: why });
  self.close();
};

async function hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function joined(chunks) {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

async function collect(readable, gzipped) {
  const bytes = new Uint8Array(entry.bytes);
  let filled = 0;
  const reader = readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      if (filled + value.length > bytes.length) {
        await reader.cancel();
        return refuse(`longer than the ${bytes.length} bytes build.json names`);
      }
      bytes.set(value, filled);
      filled += value.length;
    }
  } catch (error) {
    return refuse(`unreadable: ${error.message}`);
  }
  if (filled !== bytes.length) {
    return refuse(`${filled} bytes, build.json names ${bytes.length}`);
  }
  const [hashed, sha256] = gzipped ? [joined(packed), entry.gzip_sha256] : [bytes, entry.sha256];
  if ((await hex(hashed)) !== sha256) {
    return refuse("its sha256 is not the one build.json names");
  }
  self.postMessage({ bytes }, [bytes.buffer]);
  self.close();
}

function begin(first) {
  const gzipped = first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const pipe = gzipped ? new DecompressionStream("gzip") : new TransformStream();
  packed = gzipped ? [] : null;
  writer = pipe.writable.getWriter();
  collect(pipe.readable, gzipped);
}

self.onmessage = ({ data }) => {
  if (data.start) {
    entry = data.start;
  } else if (data.chunk) {
    if (writer === null) {
      begin(data.chunk);
    }
    packed?.push(data.chunk);
    writer.write(data.chunk).catch(() => {}); // a failure surfaces in collect()
  } else if (data.end) {
    if (writer === null) {
      refuse("0 bytes");
    } else {
      writer.close().catch(() => {});
    }
  }
};
