package io.tenantscreening.conformance.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a loopback port to the tests' PostgreSQL server that a test can cut (every
 * connection closed, new ones refused: the database is out of reach) and restore, to play
 * a database outage for a service connected through it.
 */
public final class TcpProxy implements AutoCloseable {

    private final int port;
    private final URI target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listener;

    private TcpProxy(int port, URI target) {
        this.port = port;
        this.target = target;
    }

    public static TcpProxy start() {
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            TcpProxy proxy = new TcpProxy(probe.getLocalPort(), URI.create(TestDatabase.url().substring("jdbc:".length())));
            probe.close();
            proxy.restore();
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** The database becomes unreachable: open connections break, new ones are refused. */
    public synchronized void cut() {
        close(listener);
        listener = null;
        open.forEach(TcpProxy::close);
        open.clear();
    }

    /** The database is reachable again. */
    public synchronized void restore() {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            listener = socket;
            Thread accepting = new Thread(() -> accept(socket), "tcp-proxy-accept");
            accepting.setDaemon(true);
            accepting.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        cut();
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket server = new Socket(target.getHost(), target.getPort() == -1 ? 5432 : target.getPort());
                open.add(client);
                open.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException broken) {
                // one side closed or was cut: both go
            } finally {
                close(from);
                close(to);
            }
        }, "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void close(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception alreadyClosed) {
            // nothing left to close
        }
    }
}
