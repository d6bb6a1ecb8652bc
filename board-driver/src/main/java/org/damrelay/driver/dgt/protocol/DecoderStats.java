package org.damrelay.driver.dgt.protocol;

/**
 * What a decoder has seen so far. garbageBytes: data bytes outside any message; resyncs: a message
 * cut short by a byte with the MSB set; badLengths: a header with an impossible length;
 * malformed: a well-framed message whose content made no sense; stale: partial messages dropped
 * because the rest did not come in time; ignored: all-zero BWTIME.
 */
public record DecoderStats(long messages, long garbageBytes, long resyncs, long unknownIds, long badLengths,
                           long badChecksums, long malformed, long stale, long ignored) {}
