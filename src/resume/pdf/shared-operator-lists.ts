/**
 * pdf.js without a worker thread still talks to its "worker" half through a loopback port that
 * deep-copies every message with structuredClone, as a real worker boundary would. The operator
 * lists of a page are by far the largest messages (every glyph object of every text run), and
 * copying them cost about a sixth of the reader's time. Only the reader reads them, and their sender
 * never changes what it sent except to empty the two top-level arrays after sending, so a chunk of
 * an operator list can cross the port as a copy of those two arrays, sharing their contents.
 *
 * `shareOperatorLists(doc)` installs that on one document's port; every other message keeps the
 * full copy. When pdf.js's internals do not look as expected nothing is changed, and a port that
 * copies by itself (a real worker) never calls the global structuredClone, so the swap is inert.
 */

interface Port {
  postMessage(message: unknown, transfer?: unknown): void;
}

interface OperatorListChunk {
  chunk: { fnArray: unknown[]; argsArray: unknown[] };
}

function isOperatorListChunk(message: unknown): message is OperatorListChunk {
  const chunk = (message as { chunk?: { fnArray?: unknown; argsArray?: unknown } } | null)?.chunk;
  return !!chunk && Array.isArray(chunk.fnArray) && Array.isArray(chunk.argsArray);
}

/** The copy a chunk message needs: new top-level arrays, their contents shared. */
export function copyChunk<T extends OperatorListChunk>(message: T): T {
  return {
    ...message,
    chunk: { ...message.chunk, fnArray: message.chunk.fnArray.slice(), argsArray: message.chunk.argsArray.slice() },
  };
}

const nativeClone = globalThis.structuredClone;

/** Install the shallow copy for operator-list chunks on a pdf.js document's loopback port. */
export function shareOperatorLists(doc: unknown): boolean {
  const port = (doc as { _transport?: { messageHandler?: { comObj?: Port } } } | null)?._transport?.messageHandler
    ?.comObj;
  if (!port || typeof port.postMessage !== "function") return false;
  const post = port.postMessage.bind(port);
  port.postMessage = (message: unknown, transfer?: unknown) => {
    if (!isOperatorListChunk(message)) {
      post(message, transfer);
      return;
    }
    // the port calls the global structuredClone synchronously: swap it for this one call
    globalThis.structuredClone = ((value: OperatorListChunk) => copyChunk(value)) as typeof structuredClone;
    try {
      post(message, transfer);
    } finally {
      globalThis.structuredClone = nativeClone;
    }
  };
  return true;
}
