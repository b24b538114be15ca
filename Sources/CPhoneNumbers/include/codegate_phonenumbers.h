#ifndef CODEGATE_PHONENUMBERS_H
#define CODEGATE_PHONENUMBERS_H

/* What Google's libphonenumber (Debian's libphonenumber8) knows of a number in E.164 form, for
 * the gateway's decision whether to text it: the region it belongs to, whether its digits are
 * a number assigned there, and what kind of line it is. A C face on the C++ library. */

#ifdef __cplusplus
extern "C" {
#endif

/* libphonenumber's PhoneNumberUtil::PhoneNumberType, in its order. */
typedef enum {
    CODEGATE_LINE_FIXED_LINE,
    CODEGATE_LINE_MOBILE,
    CODEGATE_LINE_FIXED_LINE_OR_MOBILE,
    CODEGATE_LINE_TOLL_FREE,
    CODEGATE_LINE_PREMIUM_RATE,
    CODEGATE_LINE_SHARED_COST,
    CODEGATE_LINE_VOIP,
    CODEGATE_LINE_PERSONAL_NUMBER,
    CODEGATE_LINE_PAGER,
    CODEGATE_LINE_UAN,
    CODEGATE_LINE_VOICEMAIL,
    CODEGATE_LINE_UNKNOWN,
} CodeGateLineType;

/* The facts about one number. */
typedef struct {
    /* The ISO 3166-1 region ("CN", "GB"), "001" for a non-geographic entity, "ZZ" for none. */
    char region[4];
    /* The number's calling code (86 for +86…), 0 when the digits name none. */
    int calling_code;
    /* Whether the digits are a number assigned in that region (IsValidNumber). */
    int valid;
    CodeGateLineType type;
} CodeGatePhoneNumberFacts;

/* The facts about `e164` ("+" and digits) in *facts: 0, or -1 when libphonenumber cannot read
 * it as a number at all. */
int codegate_phone_number_facts(const char *e164, CodeGatePhoneNumberFacts *facts);

/* Whether `region` is one libphonenumber has numbering rules for ("CN", "GB"…): 1 or 0. */
int codegate_phone_region_is_known(const char *region);

#ifdef __cplusplus
}
#endif

#endif
