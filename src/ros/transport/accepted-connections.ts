/**
 * The connections other nodes open to this process's ROS node, so leaving the graph can close
 * the ones rosnodejs leaves open. rosnodejs answers a TCPROS header, or an XML-RPC request for a
 * topic (requestTopic), that names a topic or service it no longer offers with nothing and never
 * closes the connection: a subscriber that was still connecting when the publisher went (an
 * action client's goal topic, a stop publisher, closed a moment after they were advertised)
 * sends one, and a rosnodejs peer keeps its end open too (on a publisher update it drops only the
 * publishers it had finished connecting to). The node's servers close as it leaves, but that
 * socket stays, and a process that ends when nothing is left to do (serve, tui) would never end.
 *
 * rosnodejs keeps its servers to itself; Node's `net.server.socket` diagnostics channel reports
 * every connection the process accepts, with the server that accepted it.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Server, Socket } from 'node:net';

const ACCEPTED = 'net.server.socket';

/** A socket a net.Server accepted: Node sets `server` on it (not in @types/node). */
type AcceptedSocket = Socket & { server?: Server };

export class AcceptedConnections {
  private readonly open = new Set<AcceptedSocket>();
  private readonly onAccepted = (message: unknown) => {
    const socket = (message as { socket: AcceptedSocket }).socket;
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
  };

  /** Starts watching; call before the node opens its servers. */
  constructor() {
    subscribe(ACCEPTED, this.onAccepted);
  }

  /**
   * Runs `leave` (the node leaving the graph, its servers closing), then destroys the
   * connections still open whose server was listening before and is not after: the node's own.
   * The process's other servers (an HTTP MCP endpoint) keep theirs. Stops watching.
   */
  async closeLeftOpenBy(leave: () => Promise<void>): Promise<void> {
    const listening = new Set([...this.open].map((s) => s.server).filter((server) => server?.listening));
    try {
      await leave();
    } finally {
      this.stopWatching();
      for (const socket of this.open) {
        if (socket.server && listening.has(socket.server) && !socket.server.listening) socket.destroy();
      }
    }
  }

  /** Stops watching (a node that never joined has nothing to close). */
  stopWatching(): void {
    unsubscribe(ACCEPTED, this.onAccepted);
  }
}
