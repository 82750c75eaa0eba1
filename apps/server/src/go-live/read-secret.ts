/**
 * Reads a secret from standard input, never from the command line (where `ps` and the shell's
 * history would keep it). On a terminal it asks on stderr and does not echo what is typed; piped in,
 * it reads everything and drops the one line ending a file or `echo` adds.
 */
export async function readSecret(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (!input.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      input.on('data', (chunk: Buffer) => {
        for (const character of chunk.toString('utf8')) {
          if (character === '\r' || character === '\n' || character === '\u0004') return resolve(typed);
          if (character === '\u0003') return reject(new Error('Cancelled.'));
          if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
          else typed += character;
        }
      });
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    process.stderr.write('\n');
  }
}
