/**
 * Runs `read` and counts the DecompressionStreams created meanwhile: how often pdf.js inflated a stream
 * whole through the platform's web stream instead of the reader's own path (pdfjs-hooks.ts).
 */
export async function countingDecompressionStreams<T>(read: () => Promise<T>): Promise<{ result: T; streams: number }> {
  const g = globalThis as { DecompressionStream: typeof DecompressionStream };
  const Native = g.DecompressionStream;
  let streams = 0;
  g.DecompressionStream = class extends Native {
    constructor(format: CompressionFormat) {
      super(format);
      streams++;
    }
  };
  try {
    return { result: await read(), streams };
  } finally {
    g.DecompressionStream = Native;
  }
}
