// A local SMTP server that accepts every message and counts them, run as a child process of a benchmark
// (bench/notify.bench.mjs), so that receiving mail does not share the measured server's event loop.
// It sends its port once listening, and its count when asked.
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      accepted += 1;
      callback();
    });
  },
});
smtp.listen(0, '127.0.0.1', () => process.send?.({ port: smtp.server.address().port }));
process.on('message', () => process.send?.({ accepted }));
