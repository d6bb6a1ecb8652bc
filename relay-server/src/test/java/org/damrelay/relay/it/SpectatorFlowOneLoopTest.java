package org.damrelay.relay.it;

import org.damrelay.relay.config.RelayConfig;

/**
 * SpectatorFlowTest's flows (live moves, late joiners' snapshots, reconnects with a version, the
 * broadcast delay, PDN, health) on a relay whose one event loop also runs the core (eventLoops: 1,
 * as a one-processor machine chooses by itself): the core then writes to the sockets itself.
 */
class SpectatorFlowOneLoopTest extends SpectatorFlowTest {

    @Override
    RelayConfig config() {
        return super.config().withEventLoops(1);
    }
}
