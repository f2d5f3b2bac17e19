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
