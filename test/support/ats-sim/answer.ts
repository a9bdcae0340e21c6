/** A partner's answer as an ATS reads it: the status and the JSON body (the text when it is not JSON). */
export async function answerOf(res: Response): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}
