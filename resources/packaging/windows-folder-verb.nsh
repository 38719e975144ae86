; "Open with Capsem Ledger Inspector" on every folder's context menu (Explorer).
; SHCTX is HKCU for a per-user install and HKLM for a per-machine one, matching where the app was installed.
; The folder follows "--" so a folder whose name starts with a dash is still a path, not a switch.

!macro customInstall
  WriteRegStr SHCTX "Software\Classes\Directory\shell\CapsemLedgerInspector" "" "Open with Capsem Ledger Inspector"
  WriteRegStr SHCTX "Software\Classes\Directory\shell\CapsemLedgerInspector" "Icon" "$appExe,0"
  WriteRegStr SHCTX "Software\Classes\Directory\shell\CapsemLedgerInspector\command" "" '"$appExe" -- "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\Directory\shell\CapsemLedgerInspector"
!macroend
