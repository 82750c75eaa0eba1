import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Everything a child process prints, stdout and stderr as they interleave: read it with `text()`. */
export function collectOutput(child: ChildProcessByStdio<null, Readable, Readable>) {
  let output = '';
  const add = (chunk: Buffer | string) => {
    output += chunk;
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  return { text: () => output };
}
