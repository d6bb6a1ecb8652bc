package org.damrelay.relay.http;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * An origin relay's answers to its edges ({@code /cluster/...}, protobuf, docs/scaling.md): only
 * for a request with the cluster's credential, and never computed on the core thread.
 */
public interface ClusterOrigin {

    /** Whether an {@code Authorization} header carries the cluster's token. */
    boolean authorized(String authorization);

    /** {@code POST /cluster/state}: a ClusterStateRequest in, a ClusterState out. */
    byte[] state(byte[] request) throws InvalidProtocolBufferException;

    /** {@code GET /cluster/entries?epoch=E&after=S&waitMs=W}: a ClusterEntries, waiting up to W ms for one when there is none yet. */
    CompletableFuture<byte[]> entries(long epoch, long after, long waitMillis);

    /** Where the answers are computed: not the core thread, not an event loop. */
    Executor executor();
}
