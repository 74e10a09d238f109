# Spellings that make espeak-ng (English) say Annex D words as intended.
# Applied to the words of each clip before synthesis; [[...]] is espeak phoneme input.
s/^?$/question/
s/Cesar/Caesar/g
