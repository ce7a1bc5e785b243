package io.tenantscreening.conformance.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a loopback port to the tests' PostgreSQL server that a test can cut (every
 * connection closed, new ones refused: the database is out of reach), hold (connections
 * stay open and new ones are accepted, but nothing is passed on in either direction: the
 * database stops answering without refusing, as behind a network path that drops packets)
 * and restore, to play a database outage for a service connected through it. What arrives
 * while it holds, a connection's end included, is passed on when it is restored, as TCP
 * delivers what it retransmitted once the path is back.
 */
public final class TcpProxy implements AutoCloseable {

    private final int port;
    private final URI target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final Object passing = new Object();
    private volatile ServerSocket listener;
    private boolean holding;

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

    /** A JDBC URL of the tests' server, leading to the same database through this proxy. */
    public String url(String databaseUrl) {
        return databaseUrl.replaceFirst("//[^/]+/", "//127.0.0.1:" + port + "/");
    }

    /** The database becomes unreachable: open connections break, new ones are refused. */
    public synchronized void cut() {
        close(listener);
        listener = null;
        open.forEach(TcpProxy::close);
        open.clear();
        pass();
    }

    /**
     * The database stops answering without refusing: connections, open and new, stay open,
     * and whatever either side sends waits in the proxy until {@link #restore()}.
     */
    public void hold() {
        synchronized (passing) {
            holding = true;
        }
    }

    /** The database is reachable again; what was held is passed on. */
    public synchronized void restore() {
        pass();
        if (listener != null) {
            return;
        }
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

    private void pass() {
        synchronized (passing) {
            holding = false;
            passing.notifyAll();
        }
    }

    /** Returns once the proxy passes data on (at once unless it holds). */
    private void awaitPassing() throws InterruptedException {
        synchronized (passing) {
            while (holding) {
                passing.wait();
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                byte[] buffer = new byte[8192];
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    awaitPassing();
                    out.write(buffer, 0, read);
                }
                awaitPassing();
            } catch (IOException | InterruptedException broken) {
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
