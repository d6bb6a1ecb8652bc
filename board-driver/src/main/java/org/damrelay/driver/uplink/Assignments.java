package org.damrelay.driver.uplink;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.damrelay.proto.Assignment;
import org.damrelay.proto.BoardState;
import org.damrelay.proto.GameInfo;

/**
 * Which game each of this driver's boards feeds, as the relay assigns it (in the Welcome, and
 * again after every pairing edit), with the competition's settings for its reconstruction.
 * Written on the uplink's thread, read by the boards' lines.
 */
public final class Assignments {
    private final Map<String, GameInfo> byBoard = new ConcurrentHashMap<>();
    private final List<BiConsumer<String, GameInfo>> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, BoardState> states = new ConcurrentHashMap<>();
    /** The last resume the relay asked of each board (a Welcome repeats it until the board took over), and those not yet taken. */
    private final Map<String, BoardState> resumes = new ConcurrentHashMap<>();
    private final Map<String, BoardState> pendingResumes = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> firstContact = new CompletableFuture<>();

    /** Assignments of a driver with a relay: nothing is known until its first Welcome (or its first failure). */
    public Assignments() {
    }

    /** Assignments known from the start (no relay to ask): boards never wait for a Welcome. */
    public static Assignments known() {
        Assignments a = new Assignments();
        a.firstContactOver();
        return a;
    }

    /**
     * Completes once the first Welcome's states and assignments are taken, or once the first attempt
     * to reach the relay failed: until then a board's events could only come from the driver's own
     * guess of where its game stands, which the relay's state may contradict (a wiped outbox).
     */
    public CompletableFuture<Void> firstContact() {
        return firstContact;
    }

    /** The first Welcome was taken, or the relay could not be reached: boards go on from what is known. */
    void firstContactOver() {
        firstContact.complete(null);
    }

    /** Where the board's game stands on the relay, as its last Welcome said. */
    public Optional<BoardState> state(String board) {
        return Optional.ofNullable(states.get(board));
    }

    /** The relay's board states of a Welcome: taken before its assignments, which rebuild reconstructions from them. */
    void states(List<BoardState> welcome) {
        for (BoardState s : welcome) states.put(s.getBoard(), s);
    }

    public Optional<GameInfo> game(String board) {
        return Optional.ofNullable(byBoard.get(board));
    }

    /** Called with (board, game) for every assignment that changes a board's game or its settings. */
    public void addListener(BiConsumer<String, GameInfo> listener) {
        listeners.add(listener);
    }

    /**
     * The boards of {@code assignments} the relay asks to resume from its position (their games were
     * switched back to them from a phone), kept to be taken by their reconstructions. A resume a
     * later Welcome repeats is not new: what the board made since it is kept.
     */
    List<String> newResumes(List<Assignment> assignments) {
        List<String> boards = new java.util.ArrayList<>();
        for (Assignment a : assignments) {
            if (!a.hasResume() || a.getResume().equals(resumes.put(a.getBoard(), a.getResume()))) continue;
            states.put(a.getBoard(), a.getResume());
            pendingResumes.put(a.getBoard(), a.getResume());
            boards.add(a.getBoard());
        }
        return boards;
    }

    /** The relay's position a board's reconstruction must go on from now (taken once), if the relay asked one. */
    public Optional<BoardState> takeResume(String board) {
        return Optional.ofNullable(pendingResumes.remove(board));
    }

    void assign(List<Assignment> assignments) {
        for (Assignment a : assignments) {
            GameInfo old = byBoard.put(a.getBoard(), a.getGame());
            boolean resume = pendingResumes.containsKey(a.getBoard());
            if (resume || !a.getGame().equals(old)) for (BiConsumer<String, GameInfo> l : listeners) l.accept(a.getBoard(), a.getGame());
        }
    }
}
