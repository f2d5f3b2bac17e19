package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The one PowerShell expression reader: numbers and strings, with PowerShell's conversions. */
class PsHeldValueTest {

    private static PsHeldValue value(String expr) {
        return PsHeldValue.evaluate(expr, n -> n.equals("d") ? PsHeldValue.ofNumber(3600) : n.equals("t") ? PsHeldValue.ofText("72") : null);
    }

    private static double number(String expr) {
        PsHeldValue v = value(expr);
        return v == null ? Double.NaN : v.asNumber();
    }

    /** {@code expr} with $a held as {@code 1, 7200} and $h as {@code @{ a = 5; B = 7200 }}; other variables not read. */
    private static double heldItem(String expr) {
        PsHeldValue v = PsHeldValue.evaluate(expr, n -> null,
                n -> n.equals("a") ? "1, 7200" : n.equals("h") ? "@{ a = 5; B = 7200 }" : n.equals("s") ? "$s" : null);
        return v == null ? Double.NaN : v.asNumber();
    }

    @Test
    void readsItemsOfHeldArraysAndHashtables() {
        assertEquals(7200, heldItem("$a[1]"));
        assertEquals(7200, heldItem("$a[-1]"));
        assertEquals(5, heldItem("$h.a"));
        assertEquals(7200, heldItem("$h.b"));
        assertEquals(5, heldItem("$h['A']"));
        assertEquals(7200, heldItem("$h[\"b\"] * 1"));
        assertEquals(5, heldItem("@{ a = 5 }.a"));
        // not read: a key not in the table, a method, another member, a variable with no source, itself
        assertEquals(Double.NaN, heldItem("$h.c"));
        assertEquals(Double.NaN, heldItem("$h.Count"));
        assertEquals(Double.NaN, heldItem("$h.Get('a')"));
        assertEquals(Double.NaN, heldItem("$x[1]"));
        assertEquals(Double.NaN, heldItem("$s[0]"));
    }

    @Test
    void readsTimeSpanTotals() {
        assertEquals(7200, number("[timespan]::FromHours(2).TotalSeconds"));
        assertEquals(0.5, number("[System.TimeSpan]::FromMilliseconds(500).TotalSeconds"));
        assertEquals(120, number("[timespan]::FromHours(2).TotalMinutes"));
        assertEquals(7200, number("[timespan]::FromSeconds($d * 2).TotalSeconds"));
        // the TimeSpan itself, or another property, is no number read here
        assertNull(value("[timespan]::FromHours(2)"));
        assertNull(value("[timespan]::FromHours(2).Hours"));
    }

    @Test
    void readsNumberLiteralsSignsAndCasts() {
        assertEquals(7200, number("2 * 3600"));
        assertEquals(8192, number("8kb"));
        assertEquals(1000, number("1e3"));
        assertEquals(1000, number("1e+3"));
        assertEquals(16, number("0x10"));
        assertEquals(7200, number("7200l"));
        assertEquals(7200, number("[int]'7200'"));
        assertEquals(7200, number("[System.Int64] 7200"));
        assertEquals(3.5, number("7/2"));
        assertEquals(7200, number("+7200"));
        assertEquals(-7200, number("-7200"));
        assertEquals(7200, number("$d * 2"));
        assertEquals(7200, number("${d} * 2"));
    }

    @Test
    void keepsStringsAsPowerShellTypesThem() {
        assertEquals("7200", value("'72' + '00'").text());
        assertEquals("3333", value("'3' * 4").text());
        assertEquals("7200", value("\"$t\" + '00'").text());
        assertEquals("72", value("[string]72").text());
        assertEquals(202, value("$t * 101").text().length());
        assertEquals(7272, number("[int]$t * 101"));
        assertEquals("727128", value("$t + 7128").text());
        assertEquals(7200, number("[int]$t * 100"));
    }

    @Test
    void readsNestedArraysIndexChainsConversionsAndMath() {
        assertEquals(7200, number("(1, (2, 7200))[1][1]"));
        assertEquals(7200, number("@(@(1, 7200))[-1]"));
        assertEquals(7200, number("@(1, @(2, 7200))[-1][-1]"));
        assertEquals(7200, number("((1, 7200), 3)[0][1]"));
        assertEquals(7200, number("'7200' -as [int]"));
        assertEquals(7200, number("[math]::Max(1, 7200)"));
        assertEquals(7200, number("[System.Math]::Pow(60, 2) * 2"));
        // an index not read, a slice, a range or an array left whole is no value (never an older one)
        assertNull(value("(1, (2, 7200))[1][$e]"));
        assertNull(value("(1, 7200)[0, 1]"));
        assertNull(value("(1, (2, 7200))[1]"));
        assertNull(value("('7200')[0]"));
        assertNull(value("[math]::Max(1, $e)"));
    }

    @Test
    void whatItCannotReadIsUnknown() {
        assertNull(value("$e * 2"));
        assertNull(value("d * 2"));
        assertNull(value("2 -shl 3"));
        assertNull(value("2 ** 3"));
        assertNull(value("++$d"));
        assertNull(value("$d.Value"));
        assertNull(value("$d[0]"));
        assertNull(value("$env:d"));
        assertNull(value("8kbx"));
        assertNull(value("1 / 0"));
        assertNull(value("(1 + 2"));
    }
}
