package dev.shellwarden.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OneLineTest {

    @Test
    void controlCharactersAndLineBreaksBecomeSingleSpaces() {
        assertEquals("a b c", OneLine.of("  a\n\n b\u2028\u0000c \r\n", 100));
    }

    @Test
    void longTextIsCutWithAnEllipsisWithinTheBound() {
        assertEquals("abcd…", OneLine.of("abcdefgh", 5));
        assertEquals("abcde", OneLine.of("abcde", 5));
    }

    @Test
    void aSurrogatePairIsNeverSplit() {
        String s = "abc\uD83D\uDE00xyz";
        assertEquals("abc…", OneLine.of(s, 5));
    }
}
