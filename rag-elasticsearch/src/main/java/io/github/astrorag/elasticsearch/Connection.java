package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.ErrorCause;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.TransportException;
import co.elastic.clients.transport.TransportUtils;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.github.astrorag.core.IndexException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.apache.http.Header;
import org.apache.http.HttpHost;
import org.apache.http.conn.ConnectTimeoutException;
import org.apache.http.message.BasicHeader;
import org.elasticsearch.client.ResponseException;
import org.elasticsearch.client.RestClient;
import org.elasticsearch.client.RestClientBuilder;

/**
 * One client of one cluster: the low-level REST client with the settings' timeouts, TLS and credentials,
 * the typed client over it, and the translation of every failure into an {@link IndexException} whose
 * message is one line that names the cluster and the action but never a secret (it passes through the
 * settings' {@link io.github.astrorag.core.internal.Redactor}; the answer of a server that is not Elasticsearch,
 * such as an HTML page, is summarised by its first line and size). Thread-safe.
 */
final class Connection implements AutoCloseable {

    /** Pooled connections per cluster node: enough for 32 instances working at once. */
    static final int MAX_CONNECTIONS = 32;

    /** A call to the cluster. */
    interface Call<T> {
        T run(ElasticsearchClient client) throws IOException;
    }

    private final ElasticsearchSettings settings;
    private final RestClient restClient;
    private final ElasticsearchClient client;
    /** Runs each call so that the caller can stop waiting at the deadline (daemon threads, idle ones end after 60 s). */
    private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "astrorag-elasticsearch-call");
        t.setDaemon(true);
        return t;
    });

    Connection(ElasticsearchSettings settings) {
        this.settings = settings;
        HttpHost[] hosts = settings.urls().stream()
                .map(u -> new HttpHost(u.getHost().replace("[", "").replace("]", ""), u.getPort(), u.getScheme()))
                .toArray(HttpHost[]::new);
        RestClientBuilder builder = RestClient.builder(hosts)
                .setRequestConfigCallback(rc -> rc
                        .setConnectTimeout((int) settings.connectTimeout().toMillis())
                        .setConnectionRequestTimeout((int) Math.min(Integer.MAX_VALUE,
                                settings.connectTimeout().toMillis() + settings.socketTimeout().toMillis()))
                        .setSocketTimeout((int) settings.socketTimeout().toMillis()));
        String authorization = settings.authorizationHeader();
        if (authorization != null) {
            builder.setDefaultHeaders(new Header[] {new BasicHeader("Authorization", authorization)});
        }
        SSLContext ssl = sslContext(settings);
        builder.setHttpClientConfigCallback(hc -> {
            hc.setMaxConnPerRoute(MAX_CONNECTIONS).setMaxConnTotal(MAX_CONNECTIONS * hosts.length);
            return ssl == null ? hc : hc.setSSLContext(ssl);
        });
        this.restClient = builder.build();
        ObjectMapper mapper = new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        this.client = new ElasticsearchClient(new RestClientTransport(restClient, new JacksonJsonpMapper(mapper)));
    }

    private static SSLContext sslContext(ElasticsearchSettings settings) {
        try {
            if (settings.caCertificate().isPresent()) {
                return TransportUtils.sslContextFromHttpCaCrt(settings.caCertificate().get().toFile());
            }
            if (settings.caFingerprint().isPresent()) {
                return TransportUtils.sslContextFromCaFingerprint(settings.caFingerprint().get());
            }
            return null;
        } catch (IOException | RuntimeException e) {
            throw new IndexException("cannot set up TLS for Elasticsearch at " + settings.urlList() + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
    }

    ElasticsearchSettings settings() {
        return settings;
    }

    /**
     * Runs {@code call}, retrying failures to connect up to {@link ElasticsearchSettings#retries()} times with a
     * doubling back-off; any failure becomes an {@link IndexException} saying what {@code action} was. The caller
     * waits at most {@link ElasticsearchSettings#timeout()} in all, also when the client goes on to other nodes
     * after a socket timeout on one (a lost node): then the request is abandoned and the exception says so.
     */
    <T> T call(String action, Call<T> call) {
        long backoff = ElasticsearchSettings.RETRY_BACKOFF_MILLIS;
        long end = System.nanoTime() + settings.timeout().toNanos();
        for (int attempt = 0; ; attempt++) {
            try {
                return within(end, action, call);
            } catch (IOException | RuntimeException e) {
                boolean timeLeft = System.nanoTime() + (backoff + settings.connectTimeout().toMillis()) * 1_000_000L < end;
                if (attempt < settings.retries() && isConnectFailure(e) && timeLeft) {
                    try {
                        Thread.sleep(backoff);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        throw new IndexException("interrupted while " + action + " on Elasticsearch at " + settings.urlList(), ie);
                    }
                    backoff *= 2;
                    continue;
                }
                throw translate(action, e, attempt + 1);
            }
        }
    }

    /** Runs {@code call} on the pool and waits for it until {@code end} (a {@link System#nanoTime()}). */
    private <T> T within(long end, String action, Call<T> call) throws IOException {
        Future<T> result;
        try {
            result = calls.submit(() -> call.run(client));
        } catch (RejectedExecutionException e) {
            throw new IndexException("the client of Elasticsearch at " + settings.urlList() + " is closed", e);
        }
        try {
            return result.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            result.cancel(true);
            throw new IndexException("no complete answer from Elasticsearch at " + settings.urlList() + " within the timeout of "
                    + settings.timeout().toMillis() + " ms while " + action + ": a node may be overloaded, stopped or lost", e);
        } catch (InterruptedException e) {
            result.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Whether the request never reached the cluster, so that repeating it is safe. */
    static boolean isConnectFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof ConnectTimeoutException || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException) {
                return true;
            }
        }
        return false;
    }

    /** The status of an HTTP error answer somewhere in the cause chain, or 0. */
    static int statusOf(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ElasticsearchException ee) {
                return ee.status();
            }
            if (t instanceof TransportException te && te.statusCode() > 0) {
                return te.statusCode();
            }
            if (t instanceof ResponseException re) {
                return re.getResponse().getStatusLine().getStatusCode();
            }
        }
        return 0;
    }

    /** The failure as an {@link IndexException} whose one-line message names the cluster, the action and the reason. */
    IndexException translate(String action, Throwable e, int attempts) {
        IndexException raw = describe(action, e, attempts);
        String clean = oneLine(settings.redactor().apply(raw.getMessage()), MAX_MESSAGE);
        Throwable cause = raw.getCause();
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (settings.redactor().leaks(t.getMessage())) {
                cause = null;
                break;
            }
        }
        if (clean.equals(raw.getMessage()) && cause == raw.getCause()) {
            return raw;
        }
        IndexException out = raw instanceof ElasticsearchAuthenticationException a
                ? new ElasticsearchAuthenticationException(clean, a.status(), cause) : new IndexException(clean, cause);
        out.setStackTrace(raw.getStackTrace());
        return out;
    }

    /** The longest part of a foreign message (a server's answer) kept. */
    static final int MAX_REASON = 300;
    /** The longest message kept. */
    static final int MAX_MESSAGE = 1000;

    /**
     * {@code message} on one line: its first non-blank line, cut at {@code max} characters, with a note of
     * what was left out (an HTML error page is not dumped).
     */
    static String oneLine(String message, int max) {
        if (message == null) {
            return "";
        }
        List<String> lines = message.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            return "";
        }
        String first = lines.get(0);
        String shown = first.length() > max ? first.substring(0, max) + "…" : first;
        int hidden = message.length() - Math.min(first.length(), max);
        return lines.size() == 1 && first.length() <= max ? shown
                : shown + " [" + (lines.size() - 1) + " more line(s), " + hidden + " characters not shown]";
    }

    /** A server's text, redacted, then on one line of at most {@value #MAX_REASON} characters. */
    private String foreign(String text) {
        return oneLine(settings.redactor().apply(text), MAX_REASON);
    }

    private IndexException describe(String action, Throwable e, int attempts) {
        String where = "Elasticsearch at " + settings.urlList();
        int status = statusOf(e);
        if (status == 401) {
            String who = switch (settings.authentication()) {
                case NONE -> "no credentials were given; the cluster requires them (an API key or a user and password)";
                case API_KEY -> "the API key was refused: check that it is valid, not expired and not revoked";
                case BASIC -> "user '" + settings.username().orElse("") + "' was refused: check the user name and password";
            };
            return new ElasticsearchAuthenticationException("authentication failed while " + action + " on " + where
                    + " (HTTP 401): " + who, 401, e);
        }
        if (status == 403) {
            return new ElasticsearchAuthenticationException("not authorised while " + action + " on " + where
                    + " (HTTP 403): " + foreign(reason(e)) + "; the user needs the privileges create_index, delete_index, "
                    + "write, read and view_index_metadata on the index prefix, and cluster monitor", 403, e);
        }
        if (status > 0) {
            return new IndexException("Elasticsearch refused " + action + " on " + where + " (HTTP " + status + "): "
                    + foreign(reason(e)), e);
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return new IndexException("no answer from " + where + " within the socket timeout of "
                        + settings.socketTimeout().toMillis() + " ms while " + action
                        + ": the node may be overloaded, stopped or paused", e);
            }
            if (t instanceof ConnectTimeoutException) {
                return new IndexException("cannot connect to " + where + " within " + settings.connectTimeout().toMillis()
                        + " ms while " + action + " (" + attempts + " attempts)", e);
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException || t instanceof UnknownHostException) {
                return new IndexException("cannot reach " + where + " while " + action + " (" + attempts
                        + " attempts): " + t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage())
                        + "; is the cluster running and the URL right?", e);
            }
            if (t instanceof SSLException) {
                return new IndexException("TLS failed with " + where + " while " + action + ": " + t.getMessage()
                        + "; check the CA certificate or fingerprint", e);
            }
            if (t instanceof InterruptedIOException) {
                return new IndexException("interrupted while " + action + " on " + where, e);
            }
        }
        if (e instanceof IndexException ie) {
            return ie;
        }
        return new IndexException("failed while " + action + " on " + where + ": " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
    }

    private static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ElasticsearchException ee && ee.error() != null) {
                ErrorCause c = ee.error();
                String root = c.rootCause().isEmpty() ? "" : " (root cause: " + c.rootCause().get(0).reason() + ")";
                return c.type() + ": " + c.reason() + root;
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    @Override
    public void close() {
        calls.shutdownNow();
        try {
            restClient.close();
        } catch (IOException e) {
            throw new IndexException("cannot close the client of Elasticsearch at " + settings.urlList() + ": " + e.getMessage(), e);
        }
    }
}
