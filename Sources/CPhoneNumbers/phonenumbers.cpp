#include "codegate_phonenumbers.h"

#include <cstring>
#include <set>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

int codegate_phone_number_facts(const char *e164, CodeGatePhoneNumberFacts *facts) {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    // "ZZ": no default region, so only a number that says its country with "+" is read.
    if (util.Parse(e164, "ZZ", &number) != PhoneNumberUtil::NO_PARSING_ERROR) return -1;
    std::string region;
    util.GetRegionCodeForNumber(number, &region);
    if (region.empty()) region = "ZZ";
    std::memset(facts, 0, sizeof *facts);
    std::strncpy(facts->region, region.c_str(), sizeof facts->region - 1);
    facts->calling_code = number.country_code();
    facts->valid = util.IsValidNumber(number) ? 1 : 0;
    facts->type = static_cast<CodeGateLineType>(util.GetNumberType(number));
    return 0;
}

int codegate_phone_region_is_known(const char *region) {
    std::set<std::string> regions;
    PhoneNumberUtil::GetInstance()->GetSupportedRegions(&regions);
    return regions.count(region) ? 1 : 0;
}
