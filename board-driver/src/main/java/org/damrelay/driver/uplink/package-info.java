/**
 * From a driver's events to the relay without loss or duplication: the on-disk {@link
 * org.damrelay.driver.uplink.Outbox} (per-board seq, fsynced, acked prefix compacted), the
 * {@link org.damrelay.driver.uplink.RelayUplink} WebSocket client of the relay's {@code /ingest}
 * (docs/protocol.md), and {@link org.damrelay.driver.uplink.BoardFeed}, which puts one board's
 * reconstructed events into the outbox in the wire vocabulary ({@link org.damrelay.driver.uplink.GameEvents}).
 */
package org.damrelay.driver.uplink;
