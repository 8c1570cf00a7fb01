// The SHA-256 of a token, in hex: how a token is told apart from another without being kept. The same code in both
// extension hosts (src/api/sha256.ts): the browser has no synchronous digest.
export { sha256Hex } from '../api/sha256';
