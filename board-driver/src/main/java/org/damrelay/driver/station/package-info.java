/**
 * A running driver: {@link org.damrelay.driver.station.BoardSource}s (serial port, serial number,
 * bus, in-process emulator line), one thread per line from bytes to reconstruction to outbox, and
 * the uplink; {@link org.damrelay.driver.station.DriverStation} puts them together for
 * {@code damrelay driver} (docs/driver.md).
 */
package org.damrelay.driver.station;
