package dev.shellwarden.grammar.ps;

import java.util.Locale;

/**
 * One written PowerShell parameter word as PowerShell's binder reads it: {@code -Rec},
 * {@code -RECURSE}, {@code -Recurse:$false}, {@code -Path:~\x}. The name is matched by any prefix
 * of the full name (letter case ignored); a value attached with a colon belongs to the parameter
 * and can switch a switch off ({@code -Recurse:$false}). The splitter hands that form on as two
 * words ({@code -Recurse}, {@code $false}), so a switch followed by a false word is read as off.
 *
 * <p>WHY one type: the grammar (which pipeline stages pass items on) and the engine (what a
 * cmdlet's switches and values are) read the same words; two matchers drifted apart on
 * abbreviations and the colon form. The grammar cannot call the engine, so the engine calls this.
 *
 * @param name the written name, lower case, without the dash and the colon part
 * @param value the text after the colon ({@code $false} in {@code -Recurse:$false}); empty for
 *              {@code -Path:} (the value is the next word), null when no colon was written
 */
public record PsParameterWord(String name, String value) {

    /** The parameter a word spells, or null when it is no parameter word (no dash, or a dash alone or a number). */
    public static PsParameterWord of(String word) {
        if (word == null || word.length() < 2 || word.charAt(0) != '-' || !Character.isLetter(word.charAt(1))) {
            return null;
        }
        int colon = word.indexOf(':');
        String name = (colon >= 0 ? word.substring(1, colon) : word.substring(1)).toLowerCase(Locale.ROOT);
        return new PsParameterWord(name, colon >= 0 ? word.substring(colon + 1) : null);
    }

    /**
     * True when the written name abbreviates {@code parameter} (any case) with at least
     * {@code minimum} letters (the whole name when it is shorter), or is one of its {@code aliases}
     * exactly ({@code -lp} for {@code -LiteralPath}).
     */
    public boolean spells(String parameter, int minimum, String... aliases) {
        String full = parameter.toLowerCase(Locale.ROOT);
        if (name.length() >= Math.min(minimum, full.length()) && full.startsWith(name)) {
            return true;
        }
        for (String alias : aliases) {
            if (name.equalsIgnoreCase(alias)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a switch written off: {@code -Recurse:$false}, {@code -Recurse:0}, or with
     * {@code attached} false: the value the splitter handed on as the next word from a colon form
     * ({@code -Recurse:$false} becomes {@code -Recurse} {@code $false}, the parameter word's source
     * ending in the colon; {@link #attached}). A switch takes a value only after a colon:
     * {@code -Recurse $false} is the switch on and a positional {@code $false}, so the caller
     * passes null for a next word without the colon. PowerShell refuses {@code -Recurse:false}
     * (a string): read as on.
     */
    public boolean switchedOff(String attached) {
        String v = switchValue(attached);
        return v.equals("$false") || v.equals("0");
    }

    /**
     * True only for a switch surely on: written without a value ({@code -WhatIf}, and
     * {@code -WhatIf $false}, whose {@code $false} is a positional), or with {@code $true} or
     * {@code 1} after the colon. WHY besides {@link #switchedOff}: a switch that LOOSENS a verdict
     * (WhatIf's dry run) must be on for sure, and {@code -WhatIf:(1 -eq 2)} or {@code -WhatIf:$f}
     * may be off; a switch that tightens one (Recurse) is read with {@code !switchedOff}.
     */
    public boolean switchedOn(String attached) {
        String v = switchValue(attached);
        return v.isEmpty() || v.equals("$true") || v.equals("1");
    }

    /** The switch's written value in lower case: after the colon, else the word handed on from it, else empty. */
    private String switchValue(String attached) {
        return (value != null && !value.isEmpty() ? value : attached == null ? "" : attached).toLowerCase(Locale.ROOT);
    }

    /**
     * The next word when the splitter took it off this parameter's colon ({@code source}, the
     * parameter word's source text, ends in {@code :}), else null: the value a switch may take.
     */
    public static String attached(String source, String next) {
        return source != null && source.endsWith(":") ? next : null;
    }

    /**
     * The value a parameter word names: the text after its colon, or {@code next} (the following
     * word) when nothing is attached; empty when there is none.
     */
    public String valueOr(String next) {
        return value != null && !value.isEmpty() ? value : next == null ? "" : next;
    }
}
