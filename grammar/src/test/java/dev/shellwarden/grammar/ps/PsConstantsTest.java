package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Values computed from literals only, and the expressions left unread. */
class PsConstantsTest {

    @Test
    void literalsFold() {
        assertEquals("Remove-Item", PsConstants.fold("('Rem' + \"ove-Item\")"));
        assertEquals("Remove-Item", PsConstants.fold("('XRemove-Item' -replace 'X','')"));
        assertEquals("Remove-Item", PsConstants.fold("('xRemove-Item' -replace 'X')"));
        assertEquals("Remove-Item", PsConstants.fold("('Remove-Xtem' -creplace 'X','I')"));
        assertEquals("Remove-xtem", PsConstants.fold("('Remove-xtem' -creplace 'X','I')"));
        assertEquals("Remove-Item", PsConstants.fold("('Re' + 'move-Item' -replace 'Q','')"));
        assertEquals("iex", PsConstants.fold("([string]::Join('', 'iex'))"));
        assertEquals("a-b", PsConstants.fold("([String]::Join('-', 'a', 'b'))"));
        assertEquals("ab", PsConstants.fold("([string]::Concat('a', 'b'))"));
        assertEquals("iex", PsConstants.fold("([string][char]105+[char]101+[char]120)"));
        assertEquals("Remove-Item", PsConstants.fold("([string][char]0x52 + 'emove-Item')"));
        assertEquals("it's", PsConstants.fold("('it''' + 's')"));
    }

    @Test
    void anythingElseStaysUnread() {
        assertNull(PsConstants.fold("([char]105+[char]101+[char]120)")); // arithmetic
        assertNull(PsConstants.fold("([char]82 + 'emove-Item')"));
        assertNull(PsConstants.fold("('Remove-Xtem' -replace '.tem','Item')")); // a regular expression
        assertNull(PsConstants.fold("('a' -replace 'a','$0')")); // a group reference
        assertNull(PsConstants.fold("('a' -replace '','b')"));
        assertNull(PsConstants.fold("('Remove-Item' -replace 'i','')")); // culture-dependent without case
        assertEquals("Remove-Itm", PsConstants.fold("('Remove-Item' -creplace 'e','' -creplace 'Rmov', 'Remove')"));
        assertNull(PsConstants.fold("('a' + $b)"));
        assertNull(PsConstants.fold("(\"a$b\" + 'c')"));
        assertNull(PsConstants.fold("('a' + (Get-Date))"));
        assertNull(PsConstants.fold("([string][char]7 + 'x')"));
        assertNull(PsConstants.fold("('a' 'b')"));
        assertNull(PsConstants.fold("('')"));
    }
}
