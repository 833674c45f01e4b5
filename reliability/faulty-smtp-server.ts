import net from "node:net";

/** refusing: nothing listens. silent: connections are accepted and never answered. normal: a minimal SMTP server. */
export type SmtpMode = "refusing" | "silent" | "normal";

export interface ReceivedMail {
  messageId: string;
  /** Every RCPT TO of the message. */
  to: string[];
  subject: string;
  at: number;
}

/**
 * An SMTP server on loopback, written with node:net, that can be switched between failing modes
 * while clients use it. A silent connection stays silent after a switch, as a hung server would.
 */
export function faultySmtpServer(port: number) {
  let mode: SmtpMode = "refusing";
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const received: ReceivedMail[] = [];

  function converse(socket: net.Socket) {
    let buffer = "";
    let recipients: string[] = [];
    let inData = false;
    socket.write("220 faulty.test ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const data = buffer.slice(0, end);
          const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(data)?.[1] ?? "(none)";
          const subject = /^Subject:\s*(.*)$/im.exec(data)?.[1]?.trim() ?? "";
          received.push({ messageId, to: recipients, subject, at: Date.now() });
          recipients = [];
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-faulty.test\r\n250 8BITMIME\r\n");
        else if (verb === "RCPT") {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          socket.write("250 2.1.5 OK\r\n");
        } else if (verb === "MAIL" || verb === "RSET" || verb === "NOOP") socket.write("250 2.1.0 OK\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 end with <CRLF>.<CRLF>\r\n");
        } else if (verb === "QUIT") socket.end("221 2.0.0 bye\r\n");
        else socket.write("502 5.5.1 not implemented\r\n");
      }
    });
  }

  function listen(): Promise<void> {
    if (server) return Promise.resolve();
    const listening = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
      if (mode === "normal") converse(socket);
    });
    server = listening;
    return new Promise((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
  }

  function unlisten(): Promise<void> {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    return closing ? new Promise((resolve) => closing.close(() => resolve())) : Promise.resolve();
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mode: () => mode,
    switchTo: async (next: SmtpMode) => {
      mode = next;
      if (next === "refusing") await unlisten();
      else await listen();
    },
    close: unlisten,
  };
}
