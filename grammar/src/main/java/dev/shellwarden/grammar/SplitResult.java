package dev.shellwarden.grammar;

import java.util.List;

/**
 * The segments of one text, in source order (a nested segment follows the segment that contains
 * it). An empty list means the text runs nothing (blank, comments only).
 *
 * @param segments    the simple commands found
 * @param wholeWrites runs of a file whose whole text the same text wrote and the splitter split
 *                    as the run's own segments: the run's segment id to the one writing segment's
 *                    id (see {@code BashWalker.soleWriters}); the write-then-run rules spare that pair
 * @param loopLists   the {@code for} and {@code select} loops whose list the text spells with words
 *                    a segment cannot hold ({@link LoopList})
 */
public record SplitResult(List<Segment> segments, java.util.Map<Integer, Integer> wholeWrites, List<LoopList> loopLists) {

    /**
     * A loop's variable and the words of its list: {@code for f in $files; do cat "$f"; done}. The list's
     * words belong to no segment (the grammar walks their substitutions as segments of the enclosing
     * command's parent, ids {@code listFrom} to {@code listTo}, exclusive); the body's commands have
     * ids {@code bodyFrom} to {@code bodyTo}, exclusive. The variable takes each value the words
     * expand to, so a body command expanding it reads what the words name: the engine's value flows
     * carry the variables and substitutions the words hold to it ({@code ValueFlow}).
     *
     * @param variable the loop variable's name
     * @param words    the list's words as written, joined by a blank
     */
    public record LoopList(String variable, String words, int listFrom, int listTo, int bodyFrom, int bodyTo) {
    }

    /** Freezes the list and the map. */
    public SplitResult {
        segments = List.copyOf(segments);
        wholeWrites = java.util.Map.copyOf(wholeWrites);
        loopLists = List.copyOf(loopLists);
    }

    /** A result with no loop list. */
    public SplitResult(List<Segment> segments, java.util.Map<Integer, Integer> wholeWrites) {
        this(segments, wholeWrites, List.of());
    }

    /** A result with no run of wholly known written text. */
    public SplitResult(List<Segment> segments) {
        this(segments, java.util.Map.of());
    }

    /** True when every segment is static. */
    public boolean isStatic() {
        return segments.stream().allMatch(Segment::isStatic);
    }

    /**
     * A result for a text that could not be split at all: one opaque segment carrying the raw
     * text as its only word, so that raw-text rules can still deny it.
     */
    public static SplitResult unsplittable(String raw, OpaqueReason reason) {
        Segment s = new Segment(0, -1, 0, Provenance.TOP, List.of(),
                List.of(new Word(raw, raw, false, java.util.Set.of())), List.of(), List.of(),
                List.of(), Position.SOLE, java.util.Set.of(reason));
        return new SplitResult(List.of(s));
    }
}
