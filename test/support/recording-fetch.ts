/** A host that records every URL asked and answers 200 with an empty object. */
export function recordingFetch() {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  return { urls, fetch };
}
