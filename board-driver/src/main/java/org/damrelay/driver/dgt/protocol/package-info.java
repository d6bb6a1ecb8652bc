/**
 * The DGT board protocol as bytes and records, with no I/O: host commands ({@link
 * org.damrelay.driver.dgt.protocol.HostCommands}, {@link org.damrelay.driver.dgt.protocol.Command},
 * {@link org.damrelay.driver.dgt.protocol.BusCommand}), board messages ({@link
 * org.damrelay.driver.dgt.protocol.BoardMessage}, {@link org.damrelay.driver.dgt.protocol.BusReply})
 * with their exact encoding, the incremental {@link org.damrelay.driver.dgt.protocol.MessageDecoder},
 * the board-side {@link org.damrelay.driver.dgt.protocol.HostCommandDecoder} for emulators, the
 * change-log format ({@link org.damrelay.driver.dgt.protocol.EeLog}) and the piece-code table
 * ({@link org.damrelay.driver.dgt.protocol.PieceCodes}).
 *
 * <p>Assumptions where the draughts board is undocumented (keep them configurable or in one place):
 * EE log time tags 0x60|h = right clock, 0x70|h = left clock; BOARD_DUMP_50B/50W field order;
 * bus reply ids 0x83-0x8a as in dgtbrd.h, lengths counting every byte including the checksum.
 */
package org.damrelay.driver.dgt.protocol;
