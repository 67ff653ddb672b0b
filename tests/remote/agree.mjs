// The page's binding of the group, libsodium-wrappers-sumo, run in Node on the inputs that
// tests/test_remote_sodium.py gives PyNaCl: reads {"module": path, "ops": [[name, hex...]...]}
// as JSON on stdin and prints the hex of each result (or "error") as a JSON list.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const request = JSON.parse(readFileSync(0, "utf8"));
const sodium = (await import(pathToFileURL(request.module).href)).default;
await sodium.ready;
const bytes = (hex) => Uint8Array.from(Buffer.from(hex, "hex"));
const hex = (value) => typeof value === "boolean" ? value : Buffer.from(value).toString("hex");
const call = {
  from_uniform: (r) => sodium.crypto_core_ed25519_from_uniform(bytes(r)),
  scalar_reduce: (s) => sodium.crypto_core_ed25519_scalar_reduce(bytes(s)),
  scalarmult: (s, p) => sodium.crypto_scalarmult_ed25519_noclamp(bytes(s), bytes(p)),
  scalar_mul: (a, b) => sodium.crypto_core_ed25519_scalar_mul(bytes(a), bytes(b)),
  invert: (s) => sodium.crypto_core_ed25519_scalar_invert(bytes(s)),
  is_valid_point: (p) => sodium.crypto_core_ed25519_is_valid_point(bytes(p)),
};
const out = request.ops.map(([name, ...args]) => {
  try {
    return hex(call[name](...args));
  } catch (error) {
    return "error";
  }
});
process.stdout.write(JSON.stringify(out));
