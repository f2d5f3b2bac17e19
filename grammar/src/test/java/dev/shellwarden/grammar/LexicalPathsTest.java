package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The PowerShell joins read as the path they give, and the spellings left computed. */
class LexicalPathsTest {

    @Test
    void joinPathGivesItsPartsJoined() {
        assertEquals("$HOME\\.ssh", LexicalPaths.psJoinedPath("(Join-Path $HOME .ssh)"));
        assertEquals("$PWD\\out.txt", LexicalPaths.psJoinedPath("$(Join-Path $PWD 'out.txt')"));
        // -Path names the base wherever it is written; parameter names may be abbreviated
        assertEquals("$PWD\\x", LexicalPaths.psJoinedPath("(Join-Path -ChildPath x -Path $PWD)"));
        assertEquals("$PWD\\a\\b", LexicalPaths.psJoinedPath("(Join-Path -Pa $PWD -Ch a -Add b)"));
    }

    @Test
    void joinPathStaysComputedWhenItCannotBeRead() {
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $PWD build -Resolve)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $PWD, x)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path a $b)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $HOME C:\\x)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $PWD -ChildPath)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $PWD (Get-Date))"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path $PWD)"));
    }

    @Test
    void combineGivesItsArgumentsJoinedAndRestartsAtARootedOne() {
        assertEquals("$PWD\\dist", LexicalPaths.psJoinedPath("([IO.Path]::Combine($PWD, 'dist'))"));
        assertEquals("$HOME\\.ssh\\id_rsa", LexicalPaths.psJoinedPath("([System.IO.Path]::Combine($HOME,'.ssh','id_rsa'))"));
        assertEquals("C:\\x", LexicalPaths.psJoinedPath("([IO.Path]::Combine('a', 'C:\\x'))"));
    }

    @Test
    void combineStaysComputedForEmptyOrDoubledArguments() {
        assertNull(LexicalPaths.psJoinedPath("([IO.Path]::Combine($PWD,,'x'))"));
        assertNull(LexicalPaths.psJoinedPath("([IO.Path]::Combine($PWD, 'x',))"));
        assertNull(LexicalPaths.psJoinedPath("([IO.Path]::Combine($PWD 'x'))"));
        assertNull(LexicalPaths.psJoinedPath("([IO.Path]::Combine())"));
    }

    @Test
    void splitPathOfTheProfileIsTheProfileFolder() {
        assertEquals("$HOME\\Documents\\PowerShell\\x.ps1", LexicalPaths.psJoinedPath("(Join-Path (Split-Path $PROFILE) 'x.ps1')"));
        assertEquals("$HOME\\Documents\\PowerShell\\x", LexicalPaths.psJoinedPath("(Join-Path (Split-Path -Parent $PROFILE) x)"));
        assertEquals("$HOME\\Documents\\PowerShell\\p.ps1",
                LexicalPaths.psJoinedPath("([IO.Path]::Combine((Split-Path $PROFILE.CurrentUserAllHosts -Parent), 'p.ps1'))"));
        // the leaf, another variable or the all-users profile are not read
        assertNull(LexicalPaths.psJoinedPath("(Join-Path (Split-Path -Leaf $PROFILE) x)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path (Split-Path $PROFILE.AllUsersAllHosts) x)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path (Split-Path $x) x)"));
        assertNull(LexicalPaths.psJoinedPath("(Join-Path x (Split-Path $PROFILE))"));
    }

    @Test
    void unquotedTakesOneOuterPairOnly() {
        assertEquals("a b", LexicalPaths.unquoted("'a b'"));
        assertEquals("'a'", LexicalPaths.unquoted("\"'a'\""));
        assertEquals("'a", LexicalPaths.unquoted("'a"));
    }
}
