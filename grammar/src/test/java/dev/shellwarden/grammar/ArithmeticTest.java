package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.Arithmetic.Dialect;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small arithmetic evaluator both shells' duration readings share. */
class ArithmeticTest {

    private static double bash(String expr) {
        return Arithmetic.evaluate(expr, Dialect.BASH, n -> Arithmetic.bashInteger(Map.of("d", "7200", "s", "x").get(n)));
    }

    private static double ps(String expr) {
        return Arithmetic.evaluate(expr, Dialect.POWERSHELL, n -> n.equals("d") ? 3600.0 : null);
    }

    @Test
    void bashComputesIntegersOverKnownVariables() {
        assertEquals(7200, bash("2*3600"));
        assertEquals(18000, bash(" 60 * 60 * 5 "));
        assertEquals(14400, bash("d*2"));
        assertEquals(14400, bash("$d+${d}"));
        assertEquals(3, bash("7/2"));
        assertEquals(8192, bash("2**13"));
        assertEquals(-5, bash("-(2+3)"));
    }

    @Test
    void bashLeavesUnknownWhatItCannotBeSureOf() {
        for (String e : new String[] {"1/0", "RANDOM % 5", "s*2", "d=5", "d++", "x+=1", "010", "0x10", "1<<3", "d ? 1 : 2",
                "a[1]", "9999999999*9999999999", "2**-1", "(1", ""}) {
            assertTrue(Double.isNaN(bash(e)), e);
        }
    }

    @Test
    void powerShellReadsItsNumberLiteralsAndCasts() {
        assertEquals(7200, ps("2 * 3600"));
        assertEquals(8192, ps("8kb"));
        assertEquals(7200, ps("[int]'7200'"));
        assertEquals(3.5, ps("7/2"));
        assertEquals(7200, ps("$d * 2"));
        assertTrue(Double.isNaN(ps("$e * 2")));
        assertTrue(Double.isNaN(ps("d * 2")));
        assertTrue(Double.isNaN(ps("2 -shl 3")));
        assertTrue(Double.isNaN(ps("'7200'")));
    }
}
