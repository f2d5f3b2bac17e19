package dev.shellwarden.grammar;

/**
 * Where a segment stands among its siblings.
 *
 * @param item       index of the and-or list item (pipeline) in its list, from 0
 * @param stage      index within the pipeline, from 0
 * @param stages     number of commands in the pipeline
 * @param opBefore   the list operator before the pipeline ({@code ;}, {@code &&}, {@code ||},
 *                   {@code &}, newline as {@code \n}) or empty at the start
 * @param background true when the pipeline runs asynchronously ({@code &})
 * @param negated    true when the pipeline is negated ({@code ! cd ~ || x}): its status is the
 *                   inverse of its last command's, so what follows {@code &&} / {@code ||} runs
 *                   when that command failed / succeeded
 * @param list       which list of the text the pipeline is in (the bash splitter numbers each
 *                   list it walks, a compound command's body included, from 1); 0 when not told.
 *                   Two segments with the same item in different lists are different pipelines
 *                   ({@code { cd ~; { cd /x; }; }}: both are item 0)
 */
public record Position(int item, int stage, int stages, String opBefore, boolean background, boolean negated, int list) {

    /** The position of a lone command. */
    public static final Position SOLE = new Position(0, 0, 1, "", false);

    /** A position in a pipeline that is not negated. */
    public Position(int item, int stage, int stages, String opBefore, boolean background) {
        this(item, stage, stages, opBefore, background, false, 0);
    }

    /** A position in a list the splitter does not number. */
    public Position(int item, int stage, int stages, String opBefore, boolean background, boolean negated) {
        this(item, stage, stages, opBefore, background, negated, 0);
    }

    /** Validates the fields. */
    public Position {
        if (opBefore == null) {
            throw new NullPointerException("opBefore");
        }
    }

    // equals and hashCode written out: a record's generated ones link through an invokedynamic
    // bootstrap (ObjectMethods) at first call, which the AOT cache does not keep; that cost ~15 ms
    // of CPU in every cold check. Same meaning and same hash values as the generated ones.

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Position p && item == p.item && stage == p.stage && stages == p.stages
                && background == p.background && negated == p.negated && list == p.list && opBefore.equals(p.opBefore);
    }

    @Override
    public int hashCode() {
        int h = Integer.hashCode(item);
        h = h * 31 + Integer.hashCode(stage);
        h = h * 31 + Integer.hashCode(stages);
        h = h * 31 + opBefore.hashCode();
        h = h * 31 + Boolean.hashCode(background);
        h = h * 31 + Boolean.hashCode(negated);
        return h * 31 + Integer.hashCode(list);
    }
}
