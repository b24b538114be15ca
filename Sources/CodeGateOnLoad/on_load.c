/* Registers libcodegate-1's GTypes when the library loads: GtkBuilder (from C, Vala, Python,
 * GJS or Blueprint) then finds CodeGateCountdownButton by g_type_from_name, with no
 * g_type_ensure(). GtkBuilder's own fallback, a _get_type symbol guessed from the type name
 * (code_gate_countdown_button_get_type), cannot find our codegate_ prefix.
 *
 * Only type registration runs here: no class is initialised, nothing of GTK is touched before
 * gtk_init, and it runs on whichever thread loads the library. */
#include "codegate_on_load.h"

void codegate_init (void);

__attribute__ ((constructor)) static void
codegate_register_types (void)
{
  codegate_init ();
}
