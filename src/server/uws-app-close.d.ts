// The native App of uWebSockets.js 20.30 has close() (closes the listen sockets and every
// connection), but the fork's type declarations omit it.
import 'uWebSockets.js';

declare module 'uWebSockets.js' {
  interface TemplatedApp {
    /** Closes every listen socket and connection of this app. */
    close(): TemplatedApp;
  }
}
