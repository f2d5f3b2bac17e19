package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bash's arithmetic as the duration readings compute it (PowerShell's: {@code ps.PsHeldValueTest}). */
class ArithmeticTest {

    /** The variables of the bash table: values that are expressions, a self reference, an empty one. */
    private static final Map<String, String> VARIABLES = Map.of("a", "60*60", "b", "1+1", "c", "c", "d", "7200", "e", "", "s", "x");

    private static String bash(String expr) {
        return Arithmetic.bash(expr, VARIABLES::get);
    }

    /**
     * Each expression with what bash 5.2 printed for it ({@code v=$(( EXPR ))} with the variables
     * above; null where bash reported an error, or where this reading is unknown on purpose).
     */
    private static final String[][] BASH_5_2 = {
        {"0x1C20", "7200"},
        {"0X10", "16"},
        {"010", "8"},
        {"0", "0"},
        {"08", null},
        {"09", null},
        {"2#1010", "10"},
        {"16#ff", "255"},
        {"16#FF", "255"},
        {"36#z", "35"},
        {"36#Z", "35"},
        {"64#@", "62"},
        {"64#_", "63"},
        {"64#A", "36"},
        {"64#z", "35"},
        {"1#1", null},
        {"65#1", null},
        {"2#2", null},
        {"10#08", "8"},
        {"0x", "0"},
        {"-5", "-5"},
        {"+5", "5"},
        {"!0", "1"},
        {"!7", "0"},
        {"~0", "-1"},
        {"-2**2", "4"},
        {"2**3**2", "512"},
        {"2**62", "4611686018427387904"},
        {"2**63", "-9223372036854775808"},
        {"2**64", "0"},
        {"3**40", "-6289078614652622815"},
        {"1<<13", "8192"},
        {"1<<63", "-9223372036854775808"},
        {"-16>>2", "-4"},
        {"1<<64", "1"},
        {"1<<-1", "-9223372036854775808"},
        {"3<5", "1"},
        {"5<=5", "1"},
        {"5>6", "0"},
        {"6>=7", "0"},
        {"4==4", "1"},
        {"4!=4", "0"},
        {"12&10", "8"},
        {"12^10", "6"},
        {"12|10", "14"},
        {"0&&1/0", "0"},
        {"1||1/0", "1"},
        {"2&&3", "1"},
        {"0||0", "0"},
        {"d>0?7200:1", "7200"},
        {"0?1/0:5", "5"},
        {"1?2:3?4:5", "2"},
        {"1,2,3", "3"},
        {"9223372036854775807+1", "-9223372036854775808"},
        {"9223372036854775808", "-9223372036854775808"},
        {"99999999999999999999", "7766279631452241919"},
        {"1/0", null},
        {"1%0", null},
        {"-7/2", "-3"},
        {"-7%2", "-1"},
        {"(-9223372036854775807-1)/-1", null},
        {"(-9223372036854775807-1)%-1", null},
        {"2**-1", null},
        {"a", "3600"},
        {"2*a", "7200"},
        {"2*$b", "3"},
        {"2*b", "4"},
        {"c", null},
        {"d=7200", "7200"},
        {"x=5,x*2", "10"},
        {"d++", "7200"},
        {"++d", "7201"},
        {"d+=1", "7201"},
        {"d*=2", "14400"},
        {"(d)", "7200"},
        {"e+5", "5"},
        {"1+2*3", "7"},
        {"1<<2+1", "8"},
        {"1|2&3", "3"},
        {"5-3-1", "1"},
        {"2*3%4", "2"},
        {"1 ? 2 : 0 ? 1/0 : 3", "2"},
        {"0 && (1/0)", "0"},
        {"0 || 2**-1", null},
        {"!d", "0"},
        {"~d", "-7201"},
        {"d > 0 ? 2 * 3600 : 1", "7200"},
    };

    @Test
    void bashComputesWhatBashPrints() {
        for (String[] row : BASH_5_2) {
            assertEquals(row[1], bash(row[0]), row[0]);
        }
    }

    @Test
    void bashComputesIntegersOverKnownVariables() {
        assertEquals("7200", bash("2*3600"));
        assertEquals("18000", bash(" 60 * 60 * 5 "));
        assertEquals("14400", bash("d*2"));
        assertEquals("14400", bash("$d+${d}"));
        assertEquals("3", bash("7/2"));
        assertEquals("8192", bash("2**13"));
        assertEquals("-5", bash("-(2+3)"));
        assertEquals("7200", bash("d>0?7200:RANDOM"));
    }

    @Test
    void bashLeavesUnknownWhatItCannotBeSureOf() {
        for (String e : new String[] {"1/0", "RANDOM % 5", "s*2", "x+=1", "a[1]", "d[0]+1", "2**-1", "(1", "", "1--2",
                "++5", "$1+1", "$((d))", "'7200'", "d ?", "d ? 1", "1 = 2", "1 + d = 5", "z", "10#", "0x1#2", "12abc"}) {
            assertNull(bash(e), e);
        }
    }

    @Test
    void bashStopsAVariableThatNamesItselfAtTheDepthLimit() {
        Map<String, String> chain = new HashMap<>();
        for (int i = 0; i < BashArithmetic.MAX_DEPTH; i++) {
            chain.put("v" + i, "v" + (i + 1) + "+1");
        }
        chain.put("v" + BashArithmetic.MAX_DEPTH, "0");
        assertNull(Arithmetic.bash("v0", chain::get));
        assertEquals("3", Arithmetic.bash("v" + (BashArithmetic.MAX_DEPTH - 3), chain::get));
    }

    @Test
    void bashAssignmentsInsideAreSeenLaterInTheSameExpressionOnly() {
        assertEquals("14400", bash("d=7200, d*2"));
        assertEquals("7201", bash("d++, d"));
        assertEquals("7200", bash("0 && (d=1), d"));
        assertTrue(BashArithmetic.assigns("d=1"));
        assertTrue(BashArithmetic.assigns("d++"));
        assertTrue(!BashArithmetic.assigns("d==1 || d<=2 || d!=3"));
    }
}
