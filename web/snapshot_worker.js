// Unpacks and checks the memory snapshot off the page's main thread, which is
// meanwhile busy with the runtime's script and wasm. A module worker: the
// checks are snapshot_check.js's, the same python_runtime.js runs in place (no
// workers, or the search worker). python_runtime.js reads the download and hands over each chunk as it arrives:
//
//   {start: {bytes, sha256, gzip_sha256}}   build.json's entry for the snapshot
//   {chunk: Uint8Array} ...                 the body as it came (transferred)
//   {end: true}
//
// and gets back {bytes: Uint8Array} (the envelope, transferred) or {refused: why}.
// A snapshot_check.js that does not load is a worker error: the page boots the full way.
import { checkedSnapshot } from "./snapshot_check.js";

let feed = null; // the controller of the download's stream, fed by the messages below

function check(entry) {
  const body = new ReadableStream({ start: (controller) => (feed = controller) });
  checkedSnapshot(body, entry).then(
    (bytes) => self.postMessage({ bytes }, [bytes.buffer]),
    (error) => self.postMessage({ refused: error.message }),
  ).finally(() => self.close());
}

self.onmessage = ({ data }) => {
  try {
    if (data.start) {
      check(data.start);
    } else if (data.chunk) {
      feed.enqueue(data.chunk);
    } else if (data.end) {
      feed.close();
    }
  } catch {
    // the check already ended (refused early, the stream cancelled): its answer is on its way
  }
};
