/**
 * Frames copied from the unattended developer guide (reference/terminal/unattended-guide.md),
 * the test vectors for the PAE framing and checksum. Each is as printed there, except where a
 * note says otherwise.
 */

/** Examples whose checksum matches their text (CRC-16/CCITT-FALSE, decimal). */
export const matchingExamples: readonly string[] = [
  '*PAE|GTI|CMD|||14392|*!PAE!*',
  '*PAE|DPT|CMD|1|{"OrderID":"A1B2C3", "paymentAmount":100, "paymentType":1, "paymentUser":"John"}|03878|*!PAE!*',
  '*PAE|DPT|CMD|1|{"OrderID":"A1B2C3", "paymentAmount":100, "paymentType":6, "paymentUser":"John"}|50955|*!PAE!*',
  // The guide's refund sample has typographic quotes around paymentUser's value; its checksum is over their UTF-8 bytes.
  '*PAE|DPT|CMD|1|{"orderId":"A1B2C3", "paymentAmount":100, "paymentType":3, "paymentUser”:”John”}|09282|*!PAE!*',
  '*PAE|DPT|CMD|1|{"OrderID":"A1B2C3", "paymentAmount":100, "paymentType":5, "paymentUser":"John"}|02519|*!PAE!*',
  '*PAE|DPT|CMD|1|{"orderId":"TEST01", "paymentAmount":100, "paymentType":1, "paymentUser":"John"}|54215|*!PAE!*',
  '*PAE|CPT|CMD|1||40451|*!PAE!*',
  '*PAE|CPT|RESP|00000000|Payment canceled|46408|*!PAE!*',
  '*PAE|GCS|CMD|1||23478|*!PAE!*',
  '*PAE|GTI|CMD|1||28604|*!PAE!*',
  '*PAE|RBT|CMD|1||22891|*!PAE!*',
  '*PAE|RBT|RESP|00000000||62093|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":86,"LCD_Msg":"INSERT/PRESENT CARD"}|53726|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":39,"LCD_Msg":"REMOVE CARD"}|23809|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":26,"LCD_Msg":"PROCESSING..."}|21106|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":17,"LCD_Msg":"PLEASE WAIT..."}|59054|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":21,"LCD_Msg":"AUTHORIZING..."}|35991|*!PAE!*',
  '*PAE|DPT|RESP|02010000|{"LCD_Code":3,"LCD_Msg":"APPROVED"}|10801|*!PAE!*',
  '*PAE|DPT|RESP|01F402FE|DPT finished|65074|*!PAE!*',
  '*PAE|DPT|RESP|01F40000|{"transactionID":"bd63062b-4a95-46dc-9306-2ad2972532de","externalTransactionID":"Test_token","paymentID":"a0244e4e-7cc2-4d19-a564-43d0584d9aa5","cardToken":"9478550245190119","processorMsg":"No error"}|49018|*!PAE!*',
];

/**
 * The guide's successful payment response. Printed without the header's leading "*"; with it
 * restored, its checksum (8823) matches, so the missing "*" is a typing slip in the guide.
 */
export const successfulPayment =
  '*PAE|DPT|RESP|01F40000|{"transactionID":"40d9352a-22fc-49dd-9254-88afce7c767d","externalTransactionID":"TEST01","paymentID":"09487418-836d-4d3a-8de3-17734e642d09","cardToken":"9375158583121003","authorization":"PPS313","amountAuthorized":"515","processorMsg":"Approval","processorCode":"000","processorReference":"268529151768","receiptData":"{\\"dateTime\\":\\"20240924142248\\",\\"dba\\":\\"MM-RPCT with Surcharge\\",\\"address2\\":\\"Atlanta, GA\\",\\"phone\\":\\"6101234567\\",\\"footer\\":\\"\\",\\"nameOnCard\\":\\"UAT CAN\\\\/Test Card 13\\",\\"address1\\":\\"232 Forsyth Street Southwest\\",\\"orderNote\\":\\"\\",\\"header\\":\\"\\",\\"items\\":\\"\\"}","expiry":"1224","bininfo":"{\\"country\\":\\"   \\",\\"product\\":\\"A\\",\\"bin\\":\\"374245\\",\\"cardusestring\\":\\"True credit, No PIN/Signature capability\\",\\"gsa\\":false,\\"corporate\\":false,\\"fsa\\":false,\\"subtype\\":\\"\\",\\"purchase\\":false,\\"prepaid\\":false,\\"issuer\\":\\"\\",\\"binlo\\":\\"373795\\",\\"binhi\\":\\"374325\\"}","emvTags":"{\\"TVR\\":\\"8000008000\\",\\"PIN\\":\\"None\\",\\"Signature\\":\\"false\\",\\"Mode\\":\\"Issuer\\",\\"Network Label\\":\\"AMEX\\",\\"TSI\\":\\"6800\\",\\"Application Preferred Name\\":\\"American Express\\",\\"AID\\":\\"A000000025010402\\",\\"IAD\\":\\"06020103A0A000\\",\\"Entry method\\":\\"Chip Read\\",\\"ARC\\":\\"Z3\\",\\"Application Label\\":\\"AMERICAN EXPRESS\\"}","merchantID":"496590513883","processorAVS":"Y","processorCVV":"P","fee_value":"300","fee_type":"SURCHRG","fee_merchid":"","fee_authcode":"PPS313","fee_amount":"0.15","fee_format":"percent","fee_retref":""}|8823|*!PAE!*';

/** Examples whose printed checksum does not match their text, with what the text gives. */
export const mismatchedExamples: ReadonlyArray<{ readonly frame: string; readonly textGives: number }> = [
  { frame: '*PAE|DPT|RESP|02010000|{"LCD_Code":13,"LCD_Msg":"INSERT CARD"}|59993|*!PAE!*', textGives: 49414 },
  { frame: '*PAE|DPT|RESP|02010000|{"LCD_Code":35,"LCD_Msg":"WELCOME"}|6741|*!PAE!*', textGives: 63401 },
  {
    frame:
      '*PAE|GCS|RESP|00000000|{"Started":1,"Registered":1,"Connected":1,"Encryption":1,"CardInReader":1,"InPayment":0,"OfflineRecovery":0,"~OfflineTxnsAvail":1100,"AppLoaderStatus":"Idle"}|21083|*!PAE!*',
    textGives: 23872,
  },
  {
    frame: '*PAE|DPT|RESP|01F40000|{"cardToken":"9475419822370119","processorMsg":"No error"}|08414|*!PAE!*',
    textGives: 5571,
  },
];

/** The GTI response sample is printed over two lines; neither the break, a space nor nothing in its place gives 59371. */
export const gtiResponseAsPrinted =
  '*PAE|GTI|RESP|00000000|{"PAE_Version":"1.5.3.5","AppLoader_Version":"0.2.0.3","FW_Version":"VP5300 FW v1.02.090.0444.S","HW_Version":"HW, VP5300\nK81F Rev4","SerialNum":"103T662933","CompanyId":"00a2aa6d-5c4a-4ae1-ae48-f95e335550e1","ApplicationID":"ab02d9c6-64f1-48f6-8d50-245ee5aa71e8"}|59371|*!PAE!*';
