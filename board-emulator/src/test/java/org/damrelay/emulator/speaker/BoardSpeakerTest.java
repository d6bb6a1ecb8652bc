package org.damrelay.emulator.speaker;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.damrelay.draughts.rules.Move;
import org.damrelay.draughts.rules.Position;
import org.damrelay.driver.dgt.protocol.BoardMessage;
import org.damrelay.driver.dgt.protocol.BusCommand;
import org.damrelay.driver.dgt.protocol.BusReply;
import org.damrelay.driver.dgt.protocol.Command;
import org.damrelay.driver.dgt.protocol.EeEntry;
import org.damrelay.driver.dgt.protocol.Framing;
import org.damrelay.driver.dgt.protocol.HostCommand;
import org.damrelay.driver.dgt.protocol.MessageDecoder;
import org.damrelay.driver.dgt.protocol.PieceCodes;
import org.damrelay.emulator.BoardEvent;
import org.damrelay.emulator.Emulator;
import org.damrelay.emulator.EmulatorConfig;
import org.damrelay.emulator.NoiseProfile;
import org.damrelay.emulator.NoiseSource;
import org.damrelay.emulator.Timeline;
import org.junit.jupiter.api.Test;

/** The protocol state machine alone, on the emulated clock: no line, no threads. */
class BoardSpeakerTest {
    private static final List<Move> OPENING = List.of(Move.quiet(32, 28), Move.quiet(19, 23), Move.quiet(37, 32), Move.quiet(14, 19));

    private static Timeline timeline(long tickMs) {
        return new Emulator(EmulatorConfig.defaults().withNoise(NoiseProfile.none()).withClockTickMs(tickMs)).play(Position.start(), OPENING);
    }

    private static List<BoardMessage> decode(List<BoardSpeaker.Outgoing> out, Framing framing) {
        List<BoardMessage> msgs = new ArrayList<>();
        MessageDecoder d = new MessageDecoder(framing, (t, m) -> msgs.add(m));
        for (BoardSpeaker.Outgoing o : out) d.feed(o.at(), o.bytes());
        return msgs;
    }

    private static HostCommand single(Command c) {
        return new HostCommand.Single(c);
    }

    /** A board of {@code t} read at 0 (its game starts), followed up to {@code now}. */
    private static BoardSpeaker playedTo(Timeline t, long now) {
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.onCommand(0, single(Command.SEND_BRD));
        b.advanceTo(now);
        return b;
    }

    @Test
    void aBoardPowersUpSilentInBusModeAndReportsOnlyOnceAskedTo() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.startPlay(0);
        b.advanceTo(t.endMillis());
        assertTrue(b.finished());
        assertEquals(BoardSpeaker.Mode.BUS, b.mode());
        assertTrue(b.takeDue(Long.MAX_VALUE).isEmpty(), "nothing unasked");

        BoardSpeaker live = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        live.onCommand(0, single(Command.SEND_UPDATE_NICE));
        live.onCommand(0, single(Command.SEND_BRD));
        live.onCommand(0, single(Command.SERIALNR));
        live.advanceTo(t.endMillis());
        List<BoardMessage> msgs = decode(live.takeDue(Long.MAX_VALUE), Framing.SINGLE_BOARD);
        assertInstanceOf(BoardMessage.ClockTimes.class, msgs.get(0), "nice mode from 0: the clock as set");
        assertInstanceOf(BoardMessage.BoardDump.class, msgs.get(1));
        assertEquals(new BoardMessage.SerialNumber("ABCDE", false), msgs.get(2));
        long updates = msgs.stream().filter(BoardMessage.FieldUpdate.class::isInstance).count();
        assertEquals(t.only(BoardEvent.FieldChanged.class).size(), updates, "each reported change as a FIELD_UPDATE");
        assertEquals(OPENING.size() + 2, msgs.stream().filter(BoardMessage.ClockTimes.class::isInstance).count(), "nice mode: the clock when it changes");
        assertArrayEquals(live.board(), t.reportedBoardAt(t.endMillis()));
    }

    @Test
    void updateBrdSendsNoClockAndResetStopsUpdates() {
        Timeline t = timeline(1000);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.onCommand(0, single(Command.SEND_UPDATE_BRD));
        b.startPlay(0);
        long half = t.endMillis() / 2;
        b.advanceTo(half);
        List<BoardMessage> first = decode(b.takeDue(half), Framing.SINGLE_BOARD);
        assertTrue(first.stream().anyMatch(BoardMessage.FieldUpdate.class::isInstance));
        assertTrue(first.stream().noneMatch(BoardMessage.ClockTimes.class::isInstance));
        b.onCommand(half, single(Command.RESET));
        b.advanceTo(t.endMillis());
        assertTrue(b.takeDue(Long.MAX_VALUE).isEmpty());
    }

    @Test
    void theEeLogHoldsEveryChangeAndATimeTagPerPress() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.startPlay(0);
        b.advanceTo(t.endMillis());
        b.onCommand(t.endMillis(), single(Command.SEND_EE_MOVES));
        BoardMessage.EeMoves ee = (BoardMessage.EeMoves) decode(b.takeDue(Long.MAX_VALUE), Framing.SINGLE_BOARD).get(0);
        List<EeEntry> entries = ee.log().entries();
        assertEquals(t.only(BoardEvent.FieldChanged.class).size(), entries.stream().filter(EeEntry.FieldTag.class::isInstance).count());
        assertEquals(OPENING.size(), entries.stream().filter(EeEntry.TimeTag.class::isInstance).count());
        assertTrue(ee.log().wellFormed());
    }

    @Test
    void busCommandsForAnotherAddressAreIgnoredAndTheRightOneIsAnswered() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.startPlay(0);
        b.advanceTo(t.endMillis());
        b.onCommand(t.endMillis(), new HostCommand.Bus(BusCommand.SEND_BRD, 8));
        assertTrue(b.takeDue(Long.MAX_VALUE).isEmpty());
        b.onCommand(t.endMillis(), new HostCommand.Bus(BusCommand.SEND_CHANGES, 7));
        b.onCommand(t.endMillis(), new HostCommand.Bus(BusCommand.SEND_CHANGES, 7));
        b.onCommand(t.endMillis(), new HostCommand.Bus(BusCommand.REPEAT_CHANGES, 7));
        List<BoardMessage> msgs = decode(b.takeDue(Long.MAX_VALUE), Framing.BUS);
        assertEquals(3, msgs.size());
        assertFalse(((BusReply.BusChanges) msgs.get(0)).log().entries().isEmpty());
        assertTrue(((BusReply.BusChanges) msgs.get(1)).log().entries().isEmpty(), "a second SEND_CHANGES has nothing new");
        assertEquals(msgs.get(1), msgs.get(2), "REPEAT_CHANGES repeats the last answer");
    }

    @Test
    void lineNoiseDropsOrCorruptsBytesAndTheLogShowsWhatWentOut() {
        Timeline t = timeline(0);
        for (NoiseSource s : List.of(NoiseSource.DROP_BYTE, NoiseSource.CORRUPT_BYTE)) {
            BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.only(s, 1), 1);
            b.onCommand(0, single(Command.SEND_UPDATE_NICE));
            b.startPlay(0);
            b.advanceTo(t.endMillis());
            List<BoardSpeaker.Outgoing> out = b.takeDue(Long.MAX_VALUE);
            assertEquals(out, b.sent());
            for (BoardSpeaker.Outgoing o : out) {
                if (s == NoiseSource.DROP_BYTE) assertTrue(o.bytes().length == 4 || o.bytes().length == 9, "a FIELD_UPDATE or BWTIME lost a byte");
                else assertTrue(IntStream.range(1, o.bytes().length).anyMatch(i -> (o.bytes()[i] & 0x80) != 0));
            }
            assertTrue(decode(out, Framing.SINGLE_BOARD).stream().noneMatch(BoardMessage.FieldUpdate.class::isInstance), s + ": no update survives");
        }
    }

    /** Everything the board reported that is due by line time `at`, decoded. */
    private static List<BoardMessage> busReplies(BoardSpeaker b, long at) {
        b.advanceTo(at);
        return decode(b.takeDue(at), Framing.BUS);
    }

    @Test
    void aBusBoardStandsInTheSetUpPositionUntilTheHostReadsItAndThenPlaysTheWholeTimeline() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        long read = 10 * t.endMillis(); // discovery may take any time: the game has not begun meanwhile
        b.advanceTo(read);
        assertTrue(b.playStart().isEmpty());
        assertFalse(b.finished());
        assertEquals(Long.MAX_VALUE, b.nextTime(), "nothing to do until the host reads the board");
        assertArrayEquals(t.reportedBoardAt(0), b.board());

        b.onCommand(read, new HostCommand.Bus(BusCommand.SEND_BRD, 7));
        assertEquals(read, b.playStart().orElseThrow());
        List<BoardMessage> dump = busReplies(b, read + 100);
        assertArrayEquals(t.reportedBoardAt(0), PieceCodes.standard().sensed(((BusReply.BusBoardDump) dump.get(0)).codes()),
                "the host reads the set-up position");
        // From the read on, the timeline runs as it was made, shifted to the read.
        long firstChange = t.only(BoardEvent.FieldChanged.class).get(0).t();
        b.advanceTo(read + firstChange - 1);
        assertArrayEquals(t.reportedBoardAt(0), b.board(), "no ply before its think time has passed after the read");
        b.advanceTo(read + firstChange);
        assertArrayEquals(t.reportedBoardAt(firstChange), b.board());
        b.onCommand(read + firstChange, new HostCommand.Bus(BusCommand.SEND_CHANGES, 7));
        assertFalse(((BusReply.BusChanges) busReplies(b, read + firstChange + 100).get(0)).log().entries().isEmpty());
        b.advanceTo(read + t.endMillis());
        assertTrue(b.finished());
        assertArrayEquals(t.reportedBoardAt(t.endMillis()), b.board());
        b.onCommand(read + t.endMillis(), new HostCommand.Bus(BusCommand.SEND_BRD, 7));
        assertEquals(read, b.playStart().orElseThrow(), "a later read does not restart the game");
    }

    @Test
    void aDiscoveredBusBoardStartsAtItsFirstChangesPollAndAnUndiscoveredOneDoesNot() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.onCommand(1000, new HostCommand.Bus(BusCommand.SEND_CHANGES, 7));
        b.onCommand(1000, new HostCommand.Bus(BusCommand.SEND_CLK, 7));
        assertTrue(b.playStart().isEmpty(), "a poll from a host that never found this board reads nothing of it");
        b.onCommand(2000, new HostCommand.Bus(BusCommand.PING, 0));
        assertTrue(b.playStart().isEmpty(), "answering a discovery PING is no read");
        b.onCommand(5000, new HostCommand.Bus(BusCommand.SEND_CHANGES, 7));
        assertEquals(5000, b.playStart().orElseThrow());
        List<BoardMessage> replies = busReplies(b, 5000 + 100);
        assertTrue(replies.stream().anyMatch(BusReply.BusPing.class::isInstance));
        assertTrue(replies.stream().filter(BusReply.BusChanges.class::isInstance)
                .allMatch(m -> ((BusReply.BusChanges) m).log().entries().isEmpty()), "nothing moved before the game began");
    }

    @Test
    void aSingleBoardStartsAtTheHostsFirstBoardRequestNotAtItsFirstCommand() {
        Timeline t = timeline(0);
        BoardSpeaker b = new BoardSpeaker(t, "ABCDE12345", 7, PieceCodes.standard(), NoiseProfile.none(), 1);
        b.onCommand(0, single(Command.LONG_SERIALNR));
        b.onCommand(0, single(Command.SEND_UPDATE_NICE));
        b.advanceTo(3000);
        assertTrue(b.playStart().isEmpty());
        b.onCommand(3000, single(Command.SEND_BRD));
        assertEquals(3000, b.playStart().orElseThrow());
        b.advanceTo(3000 + t.endMillis());
        List<BoardMessage> msgs = decode(b.takeDue(Long.MAX_VALUE), Framing.SINGLE_BOARD);
        assertTrue(b.finished());
        assertEquals(t.only(BoardEvent.FieldChanged.class).size(), msgs.stream().filter(BoardMessage.FieldUpdate.class::isInstance).count());
        assertArrayEquals(t.reportedBoardAt(t.endMillis()), b.board());
    }

    @Test
    void pausedPlayersMakeThePliesAskedThenStandStillUntilTheHostReadsTheBoard() {
        Timeline t = timeline(0);
        List<Timeline.Rest> rests = t.rests();
        assertEquals(OPENING.size() + 1, rests.size(), "a rest before each ply and after the last");
        for (int i = 0; i < rests.size(); i++) assertEquals(i, rests.get(i).plies());
        long afterFirst = (rests.get(1).from() + rests.get(1).until()) / 2;
        BoardSpeaker b = playedTo(t, afterFirst);
        assertEquals(2, b.pauseAfter(2, afterFirst));
        long hourLater = afterFirst + 3_600_000;
        b.advanceTo(hourLater);
        assertTrue(b.standing(hourLater));
        assertArrayEquals(t.reportedBoardAt(rests.get(3).from()), b.board(), "two plies more, then nothing");
        assertFalse(Arrays.equals(t.reportedBoardAt(t.endMillis()), b.board()));

        b.onCommand(hourLater, single(Command.SEND_BRD));
        assertFalse(b.pausing());
        b.advanceTo(hourLater + rests.get(4).from() - rests.get(3).from() - 1);
        assertArrayEquals(t.reportedBoardAt(rests.get(4).from() - 1), b.board(), "they go on where they stood, as if no time had passed");
        b.advanceTo(Long.MAX_VALUE - 1);
        b.takeDue(Long.MAX_VALUE - 1);
        assertTrue(b.finished());
        assertArrayEquals(t.reportedBoardAt(t.endMillis()), b.board());
    }

    @Test
    void playersPausedAtAPlyStopOnceTheGameHasItOrAtOnceWhenItHasMore() {
        Timeline t = timeline(0);
        List<Timeline.Rest> rests = t.rests();
        long afterFirst = rests.get(1).from();
        BoardSpeaker b = playedTo(t, afterFirst);
        assertEquals(2, b.pauseAtPly(3, afterFirst), "plies 2 and 3 still to play");
        b.advanceTo(afterFirst + 3_600_000);
        assertArrayEquals(t.reportedBoardAt(rests.get(3).from()), b.board());

        long afterThird = rests.get(3).from();
        BoardSpeaker ahead = playedTo(t, afterThird);
        assertEquals(0, ahead.pauseAtPly(1, afterThird), "the game is past ply 1 already: they stop where they are");
        assertTrue(ahead.standing(afterThird));
    }

    @Test
    void aReplyWithinAScanLeavesNoRestBetweenItsPliesSoThePlayersStopBeforeThePair() {
        Timeline played = timeline(0);
        // as if ply 3 had followed ply 2 within a scan: no rest with two plies played
        Timeline t = new Timeline(played.events(), played.rests().stream().filter(r -> r.plies() != 2).toList());
        long start = t.rests().get(0).from();
        BoardSpeaker b = playedTo(t, start);
        assertEquals(1, b.pauseAtPly(2, start), "stops after ply 1, not after ply 3");
        b.advanceTo(start + 3_600_000);
        assertArrayEquals(played.reportedBoardAt(played.rests().get(1).from()), b.board());
    }

    @Test
    void aPlyUnderWayIsFinishedBeforeThePlayersStopAndAnEarlyReadEndsThePause() {
        Timeline t = timeline(0);
        List<Timeline.Rest> rests = t.rests();
        long moving = rests.get(0).until() + 1; // the hand has reached for the first move
        BoardSpeaker b = playedTo(t, moving);
        assertEquals(1, b.pauseAfter(0, moving), "the ply under way counts");
        b.advanceTo(moving + 3_600_000);
        assertArrayEquals(t.reportedBoardAt(rests.get(1).from()), b.board());

        long resting = rests.get(0).from();
        BoardSpeaker early = playedTo(t, resting);
        assertEquals(3, early.pauseAfter(3, resting));
        early.onCommand(resting + 10, single(Command.SEND_BRD)); // the host is back before the players stopped
        assertFalse(early.pausing());
        early.advanceTo(t.endMillis());
        early.takeDue(t.endMillis());
        assertTrue(early.finished(), "they play on");
        assertArrayEquals(t.reportedBoardAt(t.endMillis()), early.board());
    }
}
