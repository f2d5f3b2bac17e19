package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * Windows stores that are no files, reached through PowerShell's drives or their own tools: the
 * certificate store ({@code Cert:}), WinRM's settings ({@code WSMan:}) and the registry
 * ({@code HKCU:}, {@code HKLM:}, {@code reg.exe}). The rules read these through
 * {@link Cmd#deletesCertificates}, {@link Cmd#listsCertificates}, {@link Cmd#changesWsmanSettings},
 * {@link Cmd#deletesRegistryKey}, {@link Cmd#listsRegistryKey} and
 * {@link Cmd#deletesSharedRegistryValues}.
 *
 * <p>WHY: the file rules never see these places (they are no paths), yet removing a root
 * certificate, trusting every WinRM host or deleting a shared key changes the whole machine.
 *
 * <p>It reads only the {@link Cmd} it is given; a place is typed ({@code HKCU:\Software\x}) or a
 * relative word after a {@code Set-Location} there ({@link PsItemPaths#psItemPlaces}). A
 * {@code -WhatIf} run changes nothing, and a relative word where a {@code cd} the text does not
 * tell went may be any key (fail closed).
 */
final class WindowsStores {

    private WindowsStores() {
    }

    /** Certificate stores in any spelling: the drive, or the provider's own path. */
    private static final java.util.regex.Pattern CERT_PLACE = java.util.regex.Pattern.compile(
            "(?i)^(cert:|(microsoft\\.powershell\\.security\\\\)?certificate::)");

    /**
     * True for a Remove-Item of certificates ({@code Remove-Item Cert:\CurrentUser\Root\*}, a
     * relative path after {@code Set-Location Cert:\…}), without {@code -WhatIf}.
     */
    static boolean deletesCertificates(Cmd c) {
        return c.nameIs("Remove-Item") && !c.psWhatIf() && certificatePlace(c);
    }

    /** True for a listing of a certificate store (Get-ChildItem, Get-Item), for a later Remove-Item in its pipeline. */
    static boolean listsCertificates(Cmd c) {
        return c.nameIs("Get-ChildItem Get-Item") && certificatePlace(c);
    }

    /** True when a path word, typed or read under the segment's location, is in a certificate store. */
    private static boolean certificatePlace(Cmd c) {
        for (String a : PsItemPaths.psPathWords(c)) {
            if (CERT_PLACE.matcher(PathFacts.unquote(a)).find()) {
                return true;
            }
        }
        return PsItemPaths.psItemPlaces(c).stream().anyMatch(p -> CERT_PLACE.matcher(p).find());
    }

    /**
     * True for a write of WinRM's settings through the WSMan: drive ({@code Set-Item
     * WSMan:\localhost\Client\TrustedHosts *}, or a relative path after {@code Set-Location
     * WSMan:\localhost\Service}): trusted hosts, unencrypted traffic, basic authentication.
     */
    static boolean changesWsmanSettings(Cmd c) {
        return c.nameIs("Set-Item New-Item Remove-Item Clear-Item Set-ItemProperty") && !c.psWhatIf()
                && PsItemPaths.psItemPlaces(c).stream().anyMatch(p -> Regex.find(p, "(?i)^wsman:"));
    }

    /** The registry keys among the words (reg.exe's spelling only for reg). */
    private static List<RegistryKey> registryKeys(Cmd c) {
        boolean reg = c.nameIs("reg");
        List<RegistryKey> keys = new ArrayList<>();
        List<String> words = new ArrayList<>(c.getArgs());
        if (!reg) {
            // relative words after `Set-Location HKCU:\Software` name keys under it
            words.addAll(PsItemPaths.psItemPlaces(c));
        }
        for (String a : words) {
            RegistryKey k = RegistryKey.parse(a, reg);
            if (k != null) {
                keys.add(k);
            }
        }
        return keys;
    }

    /** reg delete with /v, /va or /ve: values of the key, not the key. */
    private static boolean regDeletesValuesOnly(Cmd c) {
        return c.nameIs("reg") && c.argFind("(?i)^[/-]v[ae]?$");
    }

    /**
     * True when the command deletes a registry key with its subkeys (Remove-Item, reg delete
     * without /v) whose {@link RegistryKey#reach} is {@code reach} ({@code TOP}, {@code SHARED}).
     * Remove-Item without -Recurse counts too: on a key with subkeys it prompts, and -Confirm:$false
     * or a later answer goes on.
     */
    static boolean deletesRegistryKey(Cmd c, String reach) {
        if (!(c.nameIs("Remove-Item") || c.nameIs("reg") && c.argFind("(?i)^delete$") && !regDeletesValuesOnly(c)) || c.psWhatIf()) {
            return false;
        }
        return registryKeys(c).stream().anyMatch(k -> k.reach().name().equals(reach));
    }

    /**
     * True when the command lists registry keys of {@code reach} (Get-ChildItem, Get-Item), for a
     * later Remove-Item in the same pipeline: removing what a key lists is removing the key's content.
     */
    static boolean listsRegistryKey(Cmd c, String reach) {
        return c.nameIs("Get-ChildItem Get-Item") && registryKeys(c).stream().anyMatch(k -> k.reach().name().equals(reach));
    }

    /**
     * True when a registry cmdlet writes a key of every user of the machine (HKLM, HKU…) or a
     * policy key ({@link RegistryKey#policy}): UAC, LSA, WDigest, Defender and logging settings
     * live there, and reg.exe's {@code reg add HKLM\…} already asks. A project's own key under
     * {@code HKCU:\Software\Vendor\App} stays everyday; a Run key is SW6008's.
     */
    static boolean writesSystemRegistry(Cmd c) {
        if (!c.nameIs("Set-ItemProperty New-ItemProperty New-Item Set-Item Rename-ItemProperty Copy-ItemProperty "
                + "Move-ItemProperty Rename-Item Copy-Item Move-Item") || c.psWhatIf()) {
            return false;
        }
        return registryKeys(c).stream().anyMatch(k -> k.machineWide() || k.policy());
    }

    /**
     * True when the command deletes values of a key that no project owns: every value of a key
     * that is not the project's own (Clear-Item), or values of a top key ({@code HKCU:\Environment}:
     * PATH and every user variable), of a machine-wide key, or of a key that starts programs at
     * logon (Remove-ItemProperty, Clear-ItemProperty, reg delete /v, /va, /ve); or any values
     * named by a relative path after a move to a location the text does not tell.
     */
    static boolean deletesSharedRegistryValues(Cmd c) {
        if (c.psWhatIf()) {
            return false;
        }
        if (c.nameIs("Clear-Item Remove-ItemProperty Clear-ItemProperty") && PsItemPaths.psRelativeAtUnknownLocation(c)) {
            return true; // `Set-Location $key; Clear-Item .`: any key's values
        }
        if (c.nameIs("Clear-Item")) {
            return registryKeys(c).stream().anyMatch(k -> k.reach() != RegistryKey.Reach.OWN || k.startsProgramsAtLogon());
        }
        if (!(c.nameIs("Remove-ItemProperty Clear-ItemProperty") || regDeletesValuesOnly(c) && c.argFind("(?i)^delete$"))) {
            return false;
        }
        // a policy value removed switches a Windows protection or feature back to its default
        return registryKeys(c).stream().anyMatch(k -> k.reach() == RegistryKey.Reach.TOP || k.machineWide() || k.startsProgramsAtLogon() || k.policy());
    }
}
