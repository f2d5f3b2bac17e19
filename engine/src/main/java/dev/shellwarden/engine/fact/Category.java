package dev.shellwarden.engine.fact;

import java.util.Objects;

/**
 * A category a classification rule derived for a segment ({@code net.fetch}, {@code exec.stdin},
 * {@code fs.delete.recursive}…). Conjunction rules match categories, not strings.
 */
public final class Category {
    private final int seg;
    private final String name;

    /** Tags segment {@code seg} with category {@code name}. */
    public Category(int seg, String name) {
        this.seg = seg;
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The segment id. */
    public int getSeg() {
        return seg;
    }

    /** The category name. */
    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Category c && c.seg == seg && c.name.equals(name);
    }

    @Override
    public int hashCode() {
        return seg * 31 + name.hashCode();
    }
}
