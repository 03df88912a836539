// The colour scales the sections ask for beyond the first load's (slate, blue, red): warnings in
// amber, success in green, flags in orange. Loaded with the lazy shell, trimmed by the build to
// what the sections add (build/radix-css-trim.ts), which fails when a colour asked for is missing.
import '@radix-ui/themes/tokens/base.css?sections';
import '@radix-ui/themes/tokens/colors/amber.css?sections';
import '@radix-ui/themes/tokens/colors/green.css?sections';
import '@radix-ui/themes/tokens/colors/orange.css?sections';
import './section-colors.css';
