package io.github.astrorag.cli;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.Objects;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A transport provider that hands every outgoing message to its delegate from one thread, one at a time.
 * The SDK's stdio transport queues a message in a sink that refuses concurrent emitters and retries for only
 * 100 ms; when many tool calls finish at once (200 concurrent calls on two busy cores) a response could fail to
 * be queued, and the failure ended the whole session: no more responses, stdin no longer read. From one thread
 * the queueing never contends. Everything else is the delegate's. Thread-safe; the sending thread is a daemon,
 * stopped by {@link #closeGracefully}.
 */
final class SerialSendTransportProvider implements McpServerTransportProvider {

    private final McpServerTransportProvider delegate;
    private final Scheduler sends = Schedulers.newSingle("mcp-send", true);

    /**
     * @param delegate the transport provider whose sessions send through one thread
     */
    SerialSendTransportProvider(McpServerTransportProvider delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        delegate.setSessionFactory(transport -> factory.create(new SerialSend(transport)));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return delegate.notifyClient(sessionId, method, params);
    }

    @Override
    public void close() {
        delegate.close();
        sends.dispose();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully().doFinally(signal -> sends.dispose());
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }

    /** A session's transport whose {@link #sendMessage} runs on the provider's one sending thread. */
    private final class SerialSend implements McpServerTransport {
        private final McpServerTransport transport;

        SerialSend(McpServerTransport transport) {
            this.transport = transport;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.defer(() -> transport.sendMessage(message)).subscribeOn(sends);
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return transport.unmarshalFrom(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return transport.closeGracefully();
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public List<String> protocolVersions() {
            return transport.protocolVersions();
        }
    }
}
